# 你自己写的广度优先搜索（BFS）。
# 每调用一次 problem.successors(state) 就扩展这个状态：
# 这是棋盘上的一步，这一行会被点亮。
# 把它改成 DFS、一致代价搜索或 A*，
# 再在“对照检查”里选那种搜索来检查。
from frontier import Queue


def search(problem):
    # 等待扩展的状态，先进先出。
    frontier = Queue()
    frontier.push(problem.start)
    # 见过的每个状态，以及它是从哪个状态来的。
    parent = {problem.start: None}
    while frontier:
        state = frontier.pop()
        if problem.is_goal(state):
            return path_to(state, parent)
        for next_state, cost in problem.successors(state):
            if next_state not in parent:
                parent[next_state] = state
                frontier.push(next_state)
    # 边界空了：没有路径。
    return None


def path_to(state, parent):
    # 从目标倒推回起点，再把顺序反过来。
    path = []
    while state is not None:
        path.append(state)
        state = parent[state]
    path.reverse()
    return path
