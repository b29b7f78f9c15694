# A* as a student writes it: entries (g, state, path), a state skipped when popped again.
from frontier import PriorityQueue


def search(problem):
    frontier = PriorityQueue()
    frontier.push((0, problem.start, [problem.start]), problem.h(problem.start))
    done = set()
    while frontier:
        g, state, path = frontier.pop()
        if state in done:
            continue
        done.add(state)
        if problem.is_goal(state):
            return path
        for next_state, cost in problem.successors(state):
            if next_state not in done:
                g2 = g + cost
                frontier.push((g2, next_state, path + [next_state]), g2 + problem.h(next_state))
    return None
