# The reference solution of the "heuristics" assignment: full marks (tests/assignments.rs).
# Kept with the tests, out of the app a student runs.


def manhattan(state, goal):
    total = 0
    for cell in range(9):
        tile = state[cell]
        if tile != 0:
            home = goal.index(tile)
            total += abs(cell // 3 - home // 3) + abs(cell % 3 - home % 3)
    return total


def h_puzzle(state, goal):
    return manhattan(state, goal)


def longest_increasing(values):
    best = []
    for i in range(len(values)):
        longest = 1
        for j in range(i):
            if values[j] < values[i] and best[j] + 1 > longest:
                longest = best[j] + 1
        best.append(longest)
    return max(best) if best else 0


def conflicts(state, goal):
    # In each row and column, the tiles whose goal is in that line, in the order of their
    # goal places: all but a longest run already in order must leave the line.
    total = 0
    for line in range(3):
        row = [goal.index(t) % 3 for t in state[line * 3:line * 3 + 3]
               if t != 0 and goal.index(t) // 3 == line]
        column = [goal.index(state[k * 3 + line]) // 3 for k in range(3)
                  if state[k * 3 + line] != 0 and goal.index(state[k * 3 + line]) % 3 == line]
        total += len(row) - longest_increasing(row)
        total += len(column) - longest_increasing(column)
    return total


def h_puzzle_plus(state, goal):
    return manhattan(state, goal) + 2 * conflicts(state, goal)


def h_grid(state, goal):
    dx = abs(state[0] - goal[0])
    dy = abs(state[1] - goal[1])
    return max(dx, dy) + (2 ** 0.5 - 1) * min(dx, dy)
