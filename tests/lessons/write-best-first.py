# A solution of the "write-ucs" and "write-astar" lessons' programs: PRIORITY is replaced
# by the test with each search's priority (crates/script/tests/lesson_programs.rs).
from frontier import PriorityQueue


def search(problem):
    g = {problem.start: 0}
    parent = {problem.start: None}
    frontier = PriorityQueue()
    frontier.push(problem.start, 0)
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
                frontier.push(next_state, PRIORITY)
    return None


def path_to(state, parent):
    path = []
    while state is not None:
        path.append(state)
        state = parent[state]
    path.reverse()
    return path
