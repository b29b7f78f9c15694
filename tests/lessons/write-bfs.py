# A solution of the "write-bfs" lesson's program (crates/script/tests/lesson_programs.rs
# checks the judge finds it a BFS). Kept with the tests, out of the app a student runs.
from frontier import Queue


def search(problem):
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


def path_to(state, parent):
    path = []
    while state is not None:
        path.append(state)
        state = parent[state]
    path.reverse()
    return path
