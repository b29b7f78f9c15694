# The reference solution of the "search-basics" assignment: every test passes with it
# (tests/assignments.rs). Kept with the tests, out of the app a student runs.
from frontier import Stack, Queue, PriorityQueue


def path_to(state, parent):
    path = []
    while state is not None:
        path.append(state)
        state = parent[state]
    path.reverse()
    return path


def bfs(problem):
    frontier = Queue()
    frontier.push(problem.start)
    parent = {problem.start: None}
    while frontier:
        state = frontier.pop()
        if problem.is_goal(state):
            return path_to(state, parent)
        for next_state, cost in problem.successors(state):
            if next_state not in parent:
                parent[next_state] = state
                frontier.push(next_state)
    return None


def dfs(problem):
    frontier = Stack()
    frontier.push((problem.start, None))
    parent = {}
    while frontier:
        state, came_from = frontier.pop()
        if state in parent:
            continue
        parent[state] = came_from
        if problem.is_goal(state):
            return path_to(state, parent)
        for next_state, cost in problem.successors(state):
            if next_state not in parent:
                frontier.push((next_state, state))
    return None


def best_first(problem, estimate):
    frontier = PriorityQueue()
    g = {problem.start: 0}
    parent = {problem.start: None}
    frontier.push(problem.start, estimate(problem.start))
    done = set()
    while frontier:
        state = frontier.pop()
        if state in done:
            continue
        done.add(state)
        if problem.is_goal(state):
            return path_to(state, parent)
        for next_state, cost in problem.successors(state):
            new_g = g[state] + cost
            if next_state not in g or new_g < g[next_state]:
                g[next_state] = new_g
                parent[next_state] = state
                frontier.push(next_state, new_g + estimate(next_state))
    return None


def ucs(problem):
    return best_first(problem, lambda state: 0)


def astar(problem):
    return best_first(problem, lambda state: problem.h(state))
