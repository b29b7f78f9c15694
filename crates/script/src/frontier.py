# The module `frontier`: what `from frontier import Stack, Queue, PriorityQueue` gives a
# student's program. It runs before the program, in the same sandbox, and the program's
# imports of it are read as naming what it defined (see src/program.rs). Each container keeps
# its entries here and its order in Frontier (one call into Frontier per push and per pop),
# so that Frontier knows what waits in the frontier at every step and draws it on the board.
# Names starting with an underscore are Frontier's; the functions named _frontier_* are
# Frontier's own, answered outside the sandbox.


def _is_state(value):
    if type(value) is not tuple or len(value) != _STATE_LEN:
        return False
    for part in value:
        if type(part) is not int:
            return False
    return True


def _state_in(entry, depth):
    # The state an entry holds, for drawing it: the entry itself; in a tuple, the first
    # part holding one; in a list (a path), its last state; in an object, its `state`.
    if _is_state(entry):
        return entry
    if depth >= 3:
        return None
    if type(entry) is tuple:
        for part in entry:
            found = _state_in(part, depth + 1)
            if found is not None:
                return found
        return None
    if type(entry) is list:
        if len(entry) == 0:
            return None
        return _state_in(entry[-1], depth + 1)
    if hasattr(entry, "state"):
        return _state_in(entry.state, depth + 1)
    return None


def _push(container, entry, priority):
    slot = container._next
    container._next = slot + 1
    container._entries[slot] = entry
    _frontier_push(container._id, slot, _state_in(entry, 0), priority)


def _pop(container, name):
    if len(container._entries) == 0:
        raise IndexError("pop from an empty " + name)
    return container._entries.pop(_frontier_pop(container._id))


def _shown(container, name):
    entries = [repr(container._entries[slot]) for slot in _frontier_order(container._id)]
    return name + "([" + ", ".join(entries) + "])"


# The three classes repeat their methods on purpose: the sandbox's Python has no
# inheritance, and their shared work is the functions above.


class Stack:
    """Last in, first out: pop() takes the entry pushed last."""

    def __init__(self):
        self._id = _frontier_new("stack")
        self._entries = {}
        self._next = 0

    def push(self, entry):
        _push(self, entry, 0)

    def pop(self):
        return _pop(self, "Stack")

    def is_empty(self):
        return len(self._entries) == 0

    def __len__(self):
        return len(self._entries)

    def __bool__(self):
        return len(self._entries) > 0

    def __repr__(self):
        return _shown(self, "Stack")


class Queue:
    """First in, first out: pop() takes the entry pushed first."""

    def __init__(self):
        self._id = _frontier_new("queue")
        self._entries = {}
        self._next = 0

    def push(self, entry):
        _push(self, entry, 0)

    def pop(self):
        return _pop(self, "Queue")

    def is_empty(self):
        return len(self._entries) == 0

    def __len__(self):
        return len(self._entries)

    def __bool__(self):
        return len(self._entries) > 0

    def __repr__(self):
        return _shown(self, "Queue")


class PriorityQueue:
    """pop() takes the entry of the lowest priority; of equal ones, the one pushed first."""

    def __init__(self):
        self._id = _frontier_new("priority")
        self._entries = {}
        self._next = 0

    def push(self, entry, priority):
        _push(self, entry, priority)

    def pop(self):
        return _pop(self, "PriorityQueue")

    def is_empty(self):
        return len(self._entries) == 0

    def __len__(self):
        return len(self._entries)

    def __bool__(self):
        return len(self._entries) > 0

    def __repr__(self):
        return _shown(self, "PriorityQueue")


class frontier:
    """The module itself, for a program that writes `import frontier`."""

    Stack = Stack
    Queue = Queue
    PriorityQueue = PriorityQueue
