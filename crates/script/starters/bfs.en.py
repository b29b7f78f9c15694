# Breadth-first search, written by you.
# Each call of problem.successors(state) expands that state:
# it is one step on the board, with this line lit.
# Change it into DFS, uniform-cost search or A*, and
# Check it against that search.
from frontier import Queue


def search(problem):
    # The states waiting, oldest first.
    frontier = Queue()
    frontier.push(problem.start)
    # Each state met, and the state it was reached from.
    parent = {problem.start: None}
    while frontier:
        state = frontier.pop()
        if problem.is_goal(state):
            return path_to(state, parent)
        for next_state, cost in problem.successors(state):
            if next_state not in parent:
                parent[next_state] = state
                frontier.push(next_state)
    # The frontier ran out: there is no path.
    return None


def path_to(state, parent):
    # Back from the goal to the start, then turned round.
    path = []
    while state is not None:
        path.append(state)
        state = parent[state]
    path.reverse()
    return path
