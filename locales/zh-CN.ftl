# Frontier 的简体中文消息。每个键都与 en.ftl 中的键一一对应，占位符相同
# （cargo test --test i18n 会检查）。

## 整个应用

tab-pathfinding = 寻路
tab-sokoban = 推箱子
tab-snake = 贪吃蛇
tab-link = 连连看
tab-sliding = 数字华容道

menu-file = 文件
menu-edit = 编辑
menu-view = 视图
menu-help = 帮助
menu-language = 语言
menu-shortcuts = 键盘快捷键  (F1)

help-title = 键盘快捷键
help-close = 关闭
help-anywhere = 任何地方
keys-f1 = F1 或 ?
does-help = 本帮助

notice-problem = 出现问题
notice-ok = 好

saved-state-unusable = 无法使用已保存的状态：{ $why }。Frontier 已重新开始。
saved-state-partly-reset = 已保存状态的一部分无法使用，其余已恢复：
    { $resets }
saved-state-more-resets = ……另有 { $count } 项
saved-state-field-reset = { $part }：{ $field } 已重置：{ $why }
saved-state-not-state = 它不是已保存的状态（{ $why }）
saved-state-no-version = 它不是已保存的状态（缺少版本号）
saved-state-other-version = 它来自另一个版本（格式 { $version }）

error-not-text = 它不是文本文件
the-dropped-file = 拖入的文件

## 无法使用的已保存状态

part-pathfinding = 寻路标签页
part-pathfinding-settings = 寻路标签页的设置
part-pathfinding-playback = 寻路标签页的播放设置
part-sokoban = 推箱子标签页
part-snake = 贪吃蛇标签页
part-link = 连连看标签页
part-sliding = 数字华容道标签页
saved-bad-time = { $time } 不是有效的时间（棋盘 { $board }）
saved-board-damaged = 它已损坏（{ $why }）
saved-no-speed = 没有速度档位 { $speed }
saved-snake-side = 边长应为 { $min } 到 { $max } 格，而不是 { $side }
saved-sliding-side = 边长应为 { $min } 到 { $max } 格，而不是 { $side }
saved-sliding-goal-size = 目标不是 { $side } x { $side } 的排列
saved-sliding-best = { $key } 的最好成绩不可能下出来
saved-sliding-search = { $search } 搜索的是网格，不能解拼图
saved-snake-walls = 墙不是 { $height } 行、每行 { $width } 个 `#` 或 `.`
saved-snake-speed = { $speed } 不在每秒 { $min } 到 { $max } 步之间
saved-levels-damaged = 关卡已损坏（{ $why }）
saved-level-number = 这个关卡集只有第 1 到 { $count } 关，没有第 { $number } 关
saved-solve-algorithm = 推箱子的求解不提供 { $algorithm }

saved-file-folder = 保存的状态 { $file } 是一个文件夹，而不是文件。
saved-file-cannot-open = 无法打开：{ $why }
saved-file-unreadable = 保存的状态 { $file } { $why }。
saved-file-empty = 是空的
saved-file-garbled = 无法读取（{ $why }）
saved-file-moved = 它已被移到 { $copy }，Frontier 已重新开始。
saved-file-not-moved = 无法把它移开（{ $why }）；Frontier 已重新开始，并会覆盖它。
saved-file-copied = 已保存状态的副本保存在 { $copy }。
saved-copied-in-browser = 已保存状态的副本保存在这个浏览器的存储里，名为 { $key }。
saved-file-not-copied = （无法保留已保存状态的副本：{ $why }。）
saved-window-dropped = 无法使用保存的窗口大小和位置（{ $why }）：窗口将以默认大小打开。
saved-window-stuck = 无法使用保存的窗口大小（{ $why }），也无法删除它：{ $error }。
saved-window-size = 大小为 { $size }
saved-window-scale = 缩放为 { $scale }
saved-window-place = 位置为 { $place }

## 各种名称

algo-bfs = 广度优先搜索（BFS）
algo-dfs = 深度优先搜索（DFS）
algo-dijkstra = Dijkstra
algo-astar = A*
algo-wastar = 加权 A*（w = { $weight }）
algo-wastar-kind = 加权 A*
algo-greedy = 贪心最佳优先
algo-bibfs = 双向 BFS
algo-bidijkstra = 双向 Dijkstra
algo-biastar = 双向 A*
algo-iddfs = 迭代加深 DFS
algo-idastar = IDA*
algo-jps = 跳点搜索（JPS）
algo-dstar-lite = D* Lite
algo-theta = Theta*
heuristic-manhattan = 曼哈顿距离
heuristic-euclidean = 欧几里得距离
heuristic-octile = 对角距离（octile）
heuristic-chebyshev = 切比雪夫距离
heuristic-zero = 零
generator-backtracker = 递归回溯
generator-prim = 随机 Prim
generator-kruskal = 随机 Kruskal
generator-division = 递归分割
generator-scatter = 随机散布
generator-scatter-density = 随机散布（{ $percent }% 墙）
terrain-floor = 地面
terrain-ground = 地面
terrain-wall = 墙
terrain-out-of-bounds = 界外
terrain-trees = 树林
terrain-grass = 草地
terrain-mud = 泥地
terrain-swamp = 沼泽
terrain-water = 水
terrain-sand = 沙地
dir-up = 上
dir-right = 右
dir-down = 下
dir-left = 左

## 按键及其作用（帮助）

keys-space = 空格
keys-right = 右方向键
keys-left = 左方向键
keys-home = Home
keys-end = End
keys-plus-minus = + / -
keys-ctrl-z = Ctrl+Z
keys-ctrl-y = Ctrl+Y、Ctrl+Shift+Z
keys-ctrl-s = Ctrl+S
keys-ctrl-o = Ctrl+O
keys-f = F
keys-zoom-pan = 滚轮 / 中键拖动 / 空格+拖动
does-play-pause = 播放 / 暂停
does-step = 前进一步
does-step-back = 后退一步
does-reset = 回到这次运行的开始
does-run-to-end = 运行到结束
does-faster-slower = 加快 / 减慢
does-undo-edit = 撤销对棋盘的编辑
does-redo = 重做
does-save-board = 保存棋盘
does-open-board = 打开棋盘
does-fit = 让棋盘适合窗口
does-zoom-pan = 缩放 / 平移

## 文件（所有标签页）

could-not-open = 无法打开 { $name }：{ $why }
no-preset = 没有名为 { $name } 的预设
status-preset = { $name }（预设）
opened = 已打开 { $name }
saved-file = 已保存 { $file }
cancel = 取消
board-unchanged = 屏幕上的棋盘没有改变。
replaying-to = 正在重放到第 { $step } 步……

## 寻路标签页

status-impassable = 不可通行
status-cost = 代价 { $cost }
status-unsaved-board = 未保存的棋盘
status-edited = （已编辑）
menu-open-board = 打开棋盘…  (Ctrl+O)
menu-save-board = 保存棋盘  (Ctrl+S)
menu-save-board-as = 棋盘另存为…
menu-preset-boards = 预设棋盘
menu-phone = 菜单
menu-tab = 标签页
menu-undo = 撤销  (Ctrl+Z)
menu-redo = 重做  (Ctrl+Y)
dialog-open-board = 打开棋盘
dialog-save-board = 保存棋盘
unsaved-title = 未保存的修改
unsaved-text = 屏幕上的棋盘有尚未保存到文件的编辑。
unsaved-save = 先保存
unsaved-discard = 放弃编辑
generated = { $generator }，种子 { $seed }
pf-search = 搜索
pf-algorithm = 算法
pf-weight = 权重 w
pf-heuristic = 启发函数
pf-overestimates = 在这里可能高估
pf-overestimates-tip = 在这种移动方式下（或者有每步代价低于 1 的地形时），这个启发函数可能比剩余代价说得多，所以找到的路径不一定代价最小，A* 也可能把一个格子扩展第二次。
pf-admissible = 在这种移动方式下从不高估
pf-admissible-tip = 在这块棋盘上可采纳且一致：A* 找到代价最小的路径，每个格子只扩展一次。
pf-use-heuristic = 改用{ $name }
pf-moves = 移动方式
pf-four-directions = 4 个方向
pf-eight-directions = 8 个方向
pf-compare = 并排比较
pf-compare-with = 对比
pf-robot = 机器人行走
pf-robot-tip = 机器人只能看见传感器半径以内的格子，并以为其余都是空地。它沿着 D* Lite 的规划走，每发现一堵墙就修复规划，而不是从头再来。
pf-robot-radius = 传感器半径
pf-robot-too-big = 机器人只在不超过 { $cells } 格的棋盘上行走：它的第一次规划要一次做完。
predict-toggle = 预测下一步
predict-toggle-tip = 每一步之前，点击你认为搜索接下来会扩展的格子：它走这一步，并告诉你对不对、为什么。后退会撤回一个回答。
predict-heading = 你的预测
predict-ask = 轮到你了：搜索接下来扩展哪一格？在棋盘上点击它。
predict-over = 搜索已经结束：后退或重置后可以再预测。
predict-tool-paints = （手里是绘制工具：点一下会绘制。选“作答”再点你猜的格子。）
predict-score = 得分：{ $asked } 题中答对 { $right } 题
predict-right = 对了：下一个就是 { $cell }。{ $rule }。
predict-tie = 对了：{ $answer } 与 { $taken } 并列（{ $measure } { $value }）。{ $rule }，所以搜索选了 { $taken }。
predict-tie-exact = 不太对：{ $answer } 与 { $taken } 并列（{ $measure } { $value }），而这道题问的正是并列时谁先出队。{ $rule }，所以搜索选了 { $taken }。
predict-later = 不太对：搜索选了 { $taken }，它的 { $measure } 是 { $taken_value }；你选的是 { $answer_value }。{ $rule }。
predict-order = 不太对：搜索选了 { $taken }。{ $rule }。
predict-other-side = 不太对：{ $answer } 在另一个搜索的边界里；这一步属于从{ $side }出发的搜索。它选了 { $taken }。
predict-not-frontier = 不太对：{ $answer } 不在边界里，只有边界上的格子才能被扩展。搜索选了 { $taken }。
predict-side-start = 起点
predict-side-goal = 终点
predict-measure-depth = 深度
predict-rule-bfs = BFS 取队列中最早进入的格子，所以一层深度走完才到下一层；同一层内先进先出
predict-rule-dfs = DFS 取栈顶最新的格子
predict-rule-dijkstra = Dijkstra 取 g 最小的格子；相同时取最早的
predict-rule-astar = A* 取 f = g + h 最小的格子；相同时取最新的
predict-rule-wastar = 加权 A* 取 g + w·h 最小的格子；相同时取最新的
predict-rule-greedy = 贪心取 h 最小的格子；相同时取最新的
predict-rule-deepening = 它深度优先：在限制之内，取路径上最深那格的下一个邻居
predict-rule-jps = JPS 取 f = g + h 最小的跳点；相同时取最新的
predict-rule-dstar = D* Lite 取键值最小的局部不一致格子
predict-rule-link = 连线搜索取转弯最少的状态；相同时取最早的
predict-rule-link-guided = 加上引导后，连线搜索取 f = 已转弯数 + 至少还要的转弯数 最小的状态；相同时取最新的
predict-measure-turns = 转弯数
predict-position = 局面 { $number }
sk-predict-tip = 每一步之前，在边界里的几个局面中（画在搜索旁边）选出你认为搜索接下来会扩展的那个：它走这一步，并告诉你对不对、为什么。
sk-predict-ask = 轮到你了：搜索接下来扩展下面哪个局面？选一个。
sk-predict-rule-bfs = BFS 取队列中最早进入的局面，所以离起点少推一次的局面都先走
sk-predict-rule-dfs = DFS 取栈顶最新的局面
sk-predict-rule-astar = A* 取 g + h（已推次数 + 匹配下界）最小的局面；相同时取最新的
sk-predict-rule-greedy = 贪心取 h（匹配下界）最小的局面；相同时取最新的
sk-predict-rule-deepening = IDA* 深度优先：在界限之内，取路径上最深那个局面的下一次推动
link-predict-ask = 轮到你了：连线搜索接下来扩展哪一格？点击它（棋盘外圈也算）。
predict-score-all = 所有展示过的搜索：{ $asked } 题中答对 { $right } 题
link-predict-tip = 展示连线搜索时，点击你认为它接下来扩展的格子（棋盘外圈也算）：它走这一步，并告诉你对不对、为什么。
pf-run = 运行
pf-edit = 编辑
pf-undo = 撤销
pf-redo = 重做
pf-clear = 清空
pf-clear-tip = 全部变为地面，大小不变
pf-size = 大小
pf-width = 宽
pf-height = 高
pf-resize = 调整大小
pf-resize-tip = 保留放得下的部分
pf-generator = 生成器
pf-wall-density = 墙的密度
pf-seed = 种子
pf-random = 随机
pf-random-tip = 随机种子
pf-generate = 生成
pf-show = 显示
pf-show-visited = 已访问
pf-show-frontier = 边界（frontier）
pf-show-current = 正在扩展的结点
pf-show-path = 路径
pf-show-parents = 父结点箭头
pf-show-numbers = g / h / f
pf-zoom-in-touch = 两指张开放大可看到更多：格子 { $arrows } 像素起显示父结点箭头，{ $f } 像素起显示 f，{ $ghf } 像素起显示 g、h、f。现在格子是 { $cell } 像素。
pf-edit-help-touch = 用手指拖动绘制；拖动 S 或 G 移动它们；两指捏合缩放，两指一起移动来平移。
pf-zoom-in = 用鼠标滚轮放大可看到更多：格子 { $arrows } 像素起显示父结点箭头，{ $f } 像素起显示 f，{ $ghf } 像素起显示 g、h、f。现在格子是 { $cell } 像素。
pf-eraser = 橡皮擦（{ $terrain }）
pf-tool-start = 起点
pf-tool-goal = 终点
pf-tool-answer = 作答
pf-tool-answer-tip = 预测模式：在棋盘上点一下就是你的答案。选一个绘制工具则改为绘制。
pf-edit-help = 拖动绘制；拖动 S 或 G 移动它们；滚轮缩放，中键或空格拖动平移，F 适合窗口。
legend = 图例
legend-visited = 已访问
legend-frontier = 边界（frontier）
legend-visited-back = 已访问（反向）
legend-frontier-back = 边界（反向）
legend-path = 路径
legend-current = 正在扩展
pf-pseudocode = { $algorithm } 的伪代码
pf-chart = 边界大小（实线）与已访问数（虚线）随步数的变化
stats-at-step = 当前步数
stats-expanded = 已扩展
stats-frontier = 边界
stats-visited = 已访问
stats-path = 路径
stats-path-found = { $moves } 步，代价 { $cost }
stats-path-segments = { $segments } 条直线段，代价 { $cost }
stats-optimal-shorter = 比逐格最优的 { $best } 更短
stats-optimal = 最优吗？
stats-optimal-yes = 是（与 Dijkstra 一致）
stats-optimal-no = 否：最小代价是 { $best }
stats-optimal-checking = 正在用 Dijkstra 核对……
stats-path-none = 无
stats-path-not-yet = 尚未找到

## 伪代码（代码中的符号保持原样，其余可在课堂上朗读）

code-while-frontier = 当 frontier 非空时：
code-goal-test = {"    "}若 n 是终点：返回到 n 的路径
code-for-each-neighbour = {"    "}对 n 的每个邻居 m：
code-mark-visited = {"    "}把 n 标记为已访问
code-no-path = 返回“无路径”
code-bfs-1 = frontier ← 只含起点的先进先出队列；把起点标记为已发现
code-bfs-3 = {"    "}n ← frontier.pop_front()
code-bfs-6 = {"        "}若 m 尚未被发现：
code-bfs-7 = {"            "}把 m 标记为已发现；parent[m] ← n
code-bfs-8 = {"            "}frontier.push_back(m)
code-dfs-1 = frontier ← 只含起点的栈
code-dfs-3 = {"    "}n ← frontier.pop()
code-dfs-4 = {"    "}若 n 已访问：跳过它
code-dfs-7 = {"    "}对 n 的每个邻居 m（最后一个最先入栈）：
code-dfs-8 = {"        "}若 m 未访问：
code-dfs-9 = {"            "}parent[m] ← n；frontier.push(m)
code-bibfs-1 = forward ← 只含起点的队列；backward ← 只含终点的队列
code-bibfs-2 = 当两个队列都非空时：
code-bibfs-3 = {"    "}side ← forward 与 backward 轮流
code-bibfs-4 = {"    "}n ← side.pop_front()
code-bibfs-5 = {"    "}对 n 的每个邻居 m（反向一侧沿相反方向移动）：
code-bibfs-6 = {"        "}若 side 尚未发现 m：标记它，parent[m] ← n，入队
code-bibfs-7 = {"        "}若另一侧也发现了 m：路径在 m 相遇
code-bibfs-8 = {"    "}若 depth(下一个 forward) + depth(下一个 backward) ≥ 最佳相遇：
code-bibfs-9 = {"        "}返回经过最佳相遇点的路径
code-bibest-1 = forward ← 只含起点的优先队列；backward ← 只含终点的优先队列；μ ← ∞
code-bibest-4 = {"    "}n ← side.pop()
code-bibest-4-dijkstra = 该侧 g 最小者
code-bibest-4-astar = f = g + h 最小者，h 估计到该侧目标的代价
code-bibest-6 = {"        "}若 g[n] + cost(n, m) < side.g[m]：side.g[m] ← 它，parent[m] ← n，m 入队
code-bibest-7 = {"        "}若另一侧也知道 m：μ ← min(μ, side.g[m] + other.g[m])
code-bibest-8-dijkstra = {"    "}若 正向最小 g + 反向最小 g ≥ μ：
code-bibest-8-astar = {"    "}若 max(正向最小 f, 反向最小 f) ≥ μ：
code-bibest-8-why = 不是第一次相遇就停
code-bibest-9 = {"        "}返回给出 μ 的那个相遇点上的路径
code-iddfs-1 = 对 limit ← 0, 1, 2, …：
code-iddfs-2 = {"    "}若 DLS(start, 0, limit) 找到终点：返回路径
code-iddfs-3 = {"    "}若没有任何结点被限制截断：
code-iddfs-4 = {"        "}返回无路径
code-iddfs-5 = {"    "}忘掉这一轮到达过的结点；下一轮从起点重新开始
code-iddfs-6 = DLS(n, depth, limit)：
code-iddfs-7 = {"    "}若 n 是终点：返回到 n 的路径
code-iddfs-8 = {"    "}记住 n 在 depth 层到达
code-iddfs-9 = {"    "}对 n 的每个邻居 m（不回到 n 的来处）：
code-iddfs-10 = {"        "}若 depth + 1 ≤ limit 且 m 没有在 ≤ depth + 1 层到达过：DLS(m, depth + 1, limit)
code-iddfs-11 = {"        "}否则若 depth + 1 > limit：记下截断
code-idastar-1 = bound ← h(start)
code-idastar-2 = 循环：若 DFS(start, 0, bound) 找到终点：返回路径
code-idastar-3 = {"    "}t ← 超过 bound 的最小 f = g + h
code-idastar-4 = {"    "}若 t = ∞：返回无路径
code-idastar-5 = {"    "}bound ← t；忘掉这一轮到达过的结点
code-idastar-6 = DFS(n, g, bound)：
code-idastar-7 = {"    "}若 n 是终点：返回到 n 的路径
code-idastar-8 = {"    "}记住 n 以 g 到达
code-idastar-9 = {"    "}对 n 的每个邻居 m（不回到 n 的来处）：
code-idastar-10 = {"        "}若 g' + h(m) ≤ bound 且 m 没有以 ≤ g' 的代价到达过：DFS(m, g', bound)
code-idastar-11 = {"        "}否则若 g' + h(m) > bound：t ← min(t, g' + h(m))
narrate-deepen-moves = 第 { $iteration } 轮：旧的限制内没有终点，所以限制升到 { $bound } 步（被截断的下一层），搜索从起点重新开始。
narrate-deepen-cost = 第 { $iteration } 轮：旧的界限内没有终点，所以界限升到 f = { $bound }，即被截断的最小 f，搜索从起点重新开始。
narrate-deepen-again = （到目前为止扩展了 { $times } 次）
narrate-deepen-expanded-moves = 扩展了 { $cell }，深度 { $depth }，最多 { $bound }{ $again }；有 { $added } 个邻居要试。
narrate-deepen-expanded-cost = 扩展了 { $cell }：g { $g } + h { $h } = f { $f } ≤ 界限 { $bound }{ $again }；有 { $added } 个邻居要试。
stats-iteration = 轮次
stats-limit-moves = 限制（步数）
stats-limit-cost = 界限（f）
stats-next-bound = 下一个限制
stats-next-bound-none = 还没有截断
stats-re-expanded = 重复扩展
legend-re-expanded = ×N：扩展了 N 次
code-jps-1 = open ← 只含起点的优先队列；g[start] ← 0
code-while-open = 当 open 非空时：
code-jps-3 = {"    "}n ← open.pop()（g + h 最小者）
code-jps-4 = {"    "}若 n 是终点：返回路径，跳点之间逐格补全
code-jps-6 = {"    "}对从 n 出发值得走的每个方向 d（自然邻居与强制邻居）：
code-jps-7 = {"        "}m ← jump(n, d)：沿 d 扫描，直到终点、强制邻居或墙
code-jps-8 = {"        "}若 m 存在且 g[n] + dist(n, m) < g[m]：
code-jps-9 = {"            "}g[m] ← g[n] + dist(n, m)；parent[m] ← n；m 入 open
code-theta-1 = open ← 只含起点的优先队列；g[start] ← 0（路径由直线段组成，而不是一步步的移动）
code-theta-3 = {"    "}n ← open.pop()（g + h 最小者）
code-theta-4 = {"    "}若 n 是终点：逐段返回路径
code-theta-7 = {"        "}若 parent[n] 能看见 m（直线不碰任何墙）：
code-theta-8 = {"            "}g' ← g[parent[n]] + dist(parent[n], m)；p ← parent[n]（跳过 n）
code-theta-9 = {"        "}否则：g' ← g[n] + cost(n, m)；p ← n（同 A*）
code-theta-10 = {"        "}若 g' < g[m]：g[m] ← g'；parent[m] ← p；m 入 open
predict-rule-theta = Theta* 取 f = g + h 最小的格子，其中 g 沿直线段计算；相同时取最新的
needs-uniform-cost = { $algorithm }要求棋盘上每个可走格子的代价相同：它按直线长度计算代价。这个棋盘有带权地形，所以改用 A*。
legend-scanned = 被跳跃扫描过
legend-sight-clear = 视线通畅
legend-sight-blocked = 视线被挡
code-dstar-1 = 处处 g ← ∞、rhs ← ∞；rhs[goal] ← 0；queue ← {"{"}goal{"}"}（从终点往回规划）
code-dstar-2 = 当 queue.top < key(start) 或 rhs[start] > g[start] 时：
code-dstar-3 = {"    "}u ← queue.pop()（键最小者：[min(g, rhs) + h(start, u); min(g, rhs)]）
code-dstar-4 = {"    "}若 g[u] > rhs[u]：（找到了到终点更便宜的路）
code-dstar-5 = {"        "}g[u] ← rhs[u]；每个前驱 p：rhs[p] ← min(rhs[p], cost(p, u) + g[u])，局部不一致就入队
code-dstar-6 = {"    "}否则：（原来的路变贵了，比如画了一堵墙）
code-dstar-7 = {"        "}g[u] ← ∞；u 和每个前驱 p：rhs[p] ← 各走法中 cost + g 的最小值，局部不一致就入队
code-dstar-8 = 路径：从起点出发，每步走向 cost + g 最小的邻居
robot-code-title = D* Lite 机器人
code-robot-1 = plan ← 在它以为的棋盘上，从终点倒推到机器人的最便宜路径
code-robot-2 = 当机器人不在终点时：
code-robot-3 = {"    "}查看传感器半径以内的每一格
code-robot-4 = {"    "}对每个与预想不同的格子：更新它的代价；把 rhs 变了的格子放进队列
code-robot-5 = {"    "}若有变化：km ← km + h(上一处, 机器人)；修复规划（扩展队列）
code-robot-6 = {"    "}若规划里没有路径：返回“无路可走”
code-robot-7 = {"    "}走到规划中的下一格
code-robot-8 = 返回“已到达”
robot-narrate-ready = 机器人在 { $at }，能看见周围 { $radius } 格，以为其余都是空地。它的第一次规划扩展了 { $expanded } 次；按“单步”让它走。
robot-narrate-moved = 走到了 { $to }。
robot-narrate-nothing-new = 视野里没有新东西：规划不变，不需要扩展。
robot-narrate-saw = 看见 { $count } 个格子与预想不同；修复用了 { $expanded } 次扩展。
robot-narrate-arrived = 走了 { $moves } 步到达终点，途中发现 { $discovered } 处不同，修复共扩展 { $repairs } 次（第一次规划扩展了 { $first } 次）。
robot-narrate-no-way = 它发现的墙挡住了去终点的所有路。
robot-moves = 已走步数
robot-discovered = 发现的格子
robot-first-plan = 第一次规划（扩展次数）
robot-repairs = 修复（扩展次数）
robot-plan-cost = 前方规划的代价
code-dstar-9 = 某个格子改变时：它周围的格子重新向前看一步（rhs）；回到第 2 行
stats-repair = 上次修复
stats-repair-value = 扩展 { $repair } 次（从头跑 A*：{ $scratch } 次）
stats-repair-counting = 扩展 { $repair } 次（从头跑 A*：还在数，已 { $scratch } 次）
code-best-first-1 = frontier ← 只含起点的优先队列；g[start] ← 0
code-g-prime = {"        "}g' ← g[n] + cost(n, m)
policy-oldest-first = 最早加入的先出
policy-newest-first = 最新加入的先出
policy-lowest-g = g 最小；相同时最早加入的先出
policy-lowest-g-h = g + h 最小；相同时最新加入的先出
policy-lowest-g-wh = g + w·h 最小；相同时最新加入的先出
policy-lowest-h = h 最小；相同时最新加入的先出
policy-if-not-discovered = 若 m 尚未被发现：
policy-if-not-visited = 若 m 未访问：
policy-if-new-or-cheaper-open = 若 m 是新的，或 m 未访问且 g' < g[m]：
policy-if-new-or-cheaper = 若 m 是新的或 g' < g[m]（即使已访问）：
policy-if-new = 若 m 是新的：
policy-mark-discovered = 把 m 标记为已发现；parent[m] ← n

## 用文字讲述一步

narrate-ready-touch = 准备好了：边界（frontier）中只有起点 { $start }。点“播放”，或点“单步”扩展它。
narrate-ready = 准备好了：边界（frontier）中只有起点 { $start }。按“播放”，或按“单步”（右方向键）扩展它。
narrate-ready-goal-touch = 准备好了：D* Lite 从终点往回搜索，所以它的队列里只有终点 { $goal }。点“播放”，或点“单步”扩展它。
narrate-ready-goal = 准备好了：D* Lite 从终点往回搜索，所以它的队列里只有终点 { $goal }。按“播放”，或按“单步”（右方向键）扩展它。
narrate-ready-both-touch = 准备好了：正向边界中只有起点 { $start }，反向边界中只有终点 { $goal }。点“播放”，或点“单步”扩展它们。
narrate-ready-both = 准备好了：正向边界中只有起点 { $start }，反向边界中只有终点 { $goal }。按“播放”，或按“单步”（右方向键）扩展它们。
narrate-forward-side = 正向一侧：
narrate-backward-side = 反向一侧：
narrate-expanded = { $side }扩展 { $cell }：{ $costs }；加入 { $added } 个邻居{ $improved ->
        [0] {""}
       *[other] ，改进 { $improved } 个邻居
    }。
stats-meeting = 最佳相遇（μ）
stats-meeting-at = 在 { $cell }，路径代价 { $cost }
stats-meeting-none = 尚未相遇
legend-consistent = 已知到终点的代价（D* Lite，一致）
legend-inconsistent = 局部不一致：等待修复
legend-robot = 机器人、它的足迹与传感器
legend-unseen = 机器人还没看见的墙
legend-meeting = 目前最佳路径的相遇点
narrate-met = 停止：不可能再有比最佳相遇更便宜的路径。两半在 { $cell } 相接：一条 { $moves } 步、代价 { $cost } 的路径。
narrate-found = { $side }到达终点：路径共 { $moves } 步，代价 { $cost }。
narrate-found-plain = 到达终点。
narrate-found-segments = 到达终点：路径由 { $segments } 条直线段组成，代价 { $cost }。
narrate-exhausted = 边界已空：从起点到不了终点。
narrate-stopped = 已停止。
limit-expansions = 扩展 { $count } 次后放弃
limit-states = 存储 { $count } 个状态后放弃
limit-bytes = 达到 { $mib } MiB 的内存上限，放弃
limit-time = 达到时间上限，放弃
limit-cancelled = 已取消

## 预设的名称（以及每个预设想说明什么）

preset-frontier-tutorial = Frontier 教程
preset-frontier-tutorial-1 = 第一次推动
preset-frontier-tutorial-1-notes = 走向箱子就能把它推到目标（圆点）上。
preset-frontier-tutorial-2 = 绕过拐角
preset-frontier-tutorial-2-notes = 箱子只能推，不能拉：先站到箱子后面再推。
preset-frontier-tutorial-3 = 两个箱子
preset-frontier-tutorial-3-notes = 把每个箱子推到一个目标上。顺序很重要。
preset-frontier-tutorial-4 = 小心墙角
preset-frontier-tutorial-4-notes = 推进没有目标的墙角的箱子就永远动不了了。求解器知道这些死格，从不把箱子推上去。
preset-frontier-tutorial-5 = 一排三个
preset-frontier-tutorial-5-notes = 广度优先搜索找到推动次数最少的解；深度优先会乱走；A* 由每个箱子离目标的远近来引导。
preset-frontier-tutorial-6 = 五个目标
preset-frontier-tutorial-6-notes = A* 只看十几个局面就找到推动次数最少的解；广度优先搜索要看几千个才得到同样的答案。
preset-frontier-tutorial-7 = 窄厅
preset-frontier-tutorial-7-notes = 一个满是门洞的大厅里有四个箱子。A* 径直走向一个解；广度优先搜索要先看几千个局面，深度优先搜索要推几百次。
preset-frontier-tutorial-8 = 十字路口
preset-frontier-tutorial-8-notes = 一个让求解器费力的关卡。A* 需要几千个局面；广度优先搜索需要将近一百万个，深度优先搜索找到的解几乎有一百万步。
preset-concave-trap = 凹形陷阱
preset-concave-trap-notes = 一个杯状的墙开口朝向起点，终点在它后面。贪心最佳优先径直冲进杯子，填满它，再绕路出来：它的路径比需要的长。A* 也会看进杯子，但仍然返回代价最小的路径。
preset-diagonal-squeeze = 斜角夹缝
preset-diagonal-squeeze-notes = 两堵墙只在 (9,5)-(10,6) 处的角上相接。8 方向移动时不能切过墙角，所以没有路径能从斜缝中穿过：要沿最下面一行绕过去。有斜向移动时曼哈顿距离会高估：用 A* 试试，并与对角距离比较代价。
preset-maze = 迷宫
preset-maze-notes = 一个完美迷宫（任意两格之间只有一条路）。DFS 钻进一条走廊，可能很早也可能很晚才碰到终点；BFS 均匀地铺开；A* 帮助不如在空地上大，因为启发函数总是指向墙。
preset-open-field = 空地
preset-open-field-notes = 没有任何阻挡。BFS 和 Dijkstra 在起点周围铺开一个菱形（或正方形）；A* 沿一条细带径直走向终点。试试不同的启发函数：零让 A* 变成 Dijkstra；8 方向时曼哈顿距离会高估。
preset-rooms-with-doors = 带门的房间
preset-rooms-with-doors-notes = 九个房间由不对齐的门连在一起。这些门留下了一条一直朝着终点走的路，所以用曼哈顿距离的 A* 径直走到终点（为 66 步的路径扩展了 79 个格子），而 BFS 和 Dijkstra 铺满了 1,215 个：比较它们的边界。
preset-far-doors = 门在远端的房间
preset-far-doors-notes = 九个房间，每个房间的出口都在背向终点的一侧。用曼哈顿距离的 A* 先冲到离终点最近的角落，只好退回来找门：为 70 步的路径扩展了 393 个格子，而 BFS 和 Dijkstra 扩展了 939 个；贪心最佳优先也要退回来，它的路径有 98 步。
preset-weighted-swamp = 有代价的沼泽
preset-weighted-swamp-notes = 起点和终点之间有一片沼泽（~，代价 5）；绕开的干路步数更多。BFS 只数步数，不看代价：它径直涉水而过。Dijkstra 和 A* 从下面绕过去，付出的代价更少。
preset-first-steps = 入门
preset-first-steps-notes = 每种连线都有，顺序很重要。C 和 C 相邻；E … E 沿最下面一行彼此看得见（不转弯）；D 和 D 转一次弯相连；B 和 B 从棋盘上方绕出去（转两次弯）。A 和 A 一开始需要转三次弯，所以还不能消：消掉 D 或 E 之后，它们转一次弯就能连上。
preset-naive-trap = 朴素陷阱
preset-naive-trap-notes = 位于 (5,0) 和 (0,0) 的两个 A 从棋盘上方转两次弯就能连上。把格子（而不是格子加方向）标记为已访问的 BFS 只保留第一次到达每个格子的方式；这里第一次到达时方向不对，于是它错过了这条连线。试试看：勾选“显示每次连线搜索”和“与朴素搜索比较”，然后先点 (5,0) 的 A（右上角），再点 (0,0) 的 A（左上角）。

## 推箱子标签页

keys-arrows-wasd = 方向键或 WASD
keys-undo-move = Ctrl+Z、U 或退格键
keys-r = R
keys-n-p = N / P
keys-n = N
keys-p = P
keys-h = H
keys-ctrl-v = Ctrl+V
keys-run = 空格、方向键、Home、End、+ / -
does-move-push = 移动和推箱子
does-undo-move = 撤销一步（Ctrl+Y 重做）
does-restart-level = 重新开始本关
does-next-previous = 下一关 / 上一关
does-hint-push = 提示：从当前局面出发，最短解的第一次推动
does-paste-level = 粘贴关卡
does-run-solve = 在“求解”中：播放、单步、后退、回到开始、到结束、速度（与寻路相同）
menu-open-levels = 打开推箱子关卡…
menu-preset-levels = 预设推箱子关卡
dialog-open-levels = 打开推箱子关卡
dialog-save-level = 把关卡保存为 XSB
sk-pasted-level = 粘贴的关卡
sk-levels = 关卡
sk-mode-play = 玩
sk-mode-edit = 编辑关卡
sk-mode-solve = 求解
sk-open = 打开…
sk-paste = 粘贴关卡
sk-paste-tip = 粘贴 XSB 文本（或按 Ctrl+V）
sk-presets = 预设
sk-collection = { $name } —— 共 { $count } 关
sk-level-mistake = （有错误）
sk-level-solved = （已解决：{ $moves } 步，推 { $pushes } 次）
sk-cannot-play = 这一关无法玩：{ $why }
sk-status = { $name } —— 第 { $number } 关，共 { $count } 关：{ $title }
sk-opened = 已打开 { $name }：{ $count } 关
sk-opened-mistakes = 已打开 { $name }：{ $count } 关，其中 { $bad } 关有错误
sk-added = 已把 { $added } 个关卡加到 { $name }：现在共 { $count } 关。
sk-paste-title = 粘贴关卡
sk-paste-text = 粘贴一个关卡或一个 XSB 关卡集：
sk-paste-open = 打开
sk-unchanged = 你打开的内容没有任何改变。
sk-pick-level = 打开或选择一个关卡来玩。
sk-solved = 用 { $moves } 步、推 { $pushes } 次过关
sk-solved-best = 用 { $moves } 步、推 { $pushes } 次过关 —— 新纪录！
sk-counters = 步数 { $moves }   推动 { $pushes }
sk-best = 最佳：{ $moves } 步，推 { $pushes } 次
sk-won = 过关了！按 N 进入下一关。
sk-undo = 撤销
sk-redo = 重做
sk-restart = 重来
sk-stuck = 有 { $count } 个箱子再也到不了目标了（红色标出）：撤销一下（Ctrl+Z）。
sk-hint = 提示
sk-hint-tip = H：求解器算出从当前局面出发一个解的第一次推动；A* 来得及证明时就是最短解
sk-previous = 上一关
sk-next = 下一关
sk-play-help = 方向键或 WASD 移动；点击一个格子走过去；点击身边的箱子推动它，或把箱子拖到它该去的地方；按 H 求提示。
sk-no-route = 不移动别的箱子，就没法把那个箱子推到那里。

## 文件及其中的错误（命令行的错误信息也用这些）

parse-at-line = 第 { $line } 行：{ $message }
file-cannot-open = 无法打开 { $file }：{ $why }
file-cannot-write = 无法写入 { $file }：{ $why }
file-is-folder = { $file } 是文件夹，不是文件
file-problem = { $file } { $why }
file-unreadable = 无法读取：{ $why }
file-too-large = 超过 { $mib } MiB，这是 Frontier 能读取的上限
file-not-utf8 = 不是文本文件（第 { $byte } 字节处不是有效的 UTF-8）
not-a-whole-number = `{ $word }` 不是大于或等于 0 的整数
board-the-start = 起点
board-the-goal = 终点
board-terrain-not-in-legend = 格子的地形 { $terrain } 不在图例中
board-endpoint-outside = { $what } { $pos } 在 { $width } x { $height } 的棋盘之外
board-endpoint-on-wall = { $what } { $pos } 在墙上
board-no-cells = { $width } x { $height } 的棋盘没有格子
board-too-large = { $width } x { $height } 的棋盘太大（最大 { $max } x { $max }）
board-is-movingai = 这看起来是 Moving AI 地图：请作为 .map 文件导入
board-no-magic = 第一行应为 `{ $magic }`
board-unknown-line = 无法识别的行 `{ $line }`（应为 size、start、goal、legend 或 map）
board-no-map-line = 棋盘缺少 `map` 行
board-missing = `{ $what }` 必须写在 `map` 之前
board-two-numbers = `{ $what }` 需要两个数
board-given-twice = `{ $what }` 出现了两次
legend-empty = 图例为空
legend-too-many = 图例有 { $count } 种地形（最多 { $max } 种）
legend-symbol-not-visible = 地形符号 { $symbol } 必须是可见的 ASCII 字符
legend-symbol-twice = 符号 `{ $symbol }` 定义了两次
legend-bad-cost = `{ $name }` 的代价必须是 0 到 1e9 之间的数，实际为 { $cost }
legend-line-shape = 图例行的写法是 `legend C NAME COST` 或 `legend C NAME wall`
legend-symbol-one-char = 图例符号 `{ $symbol }` 必须是单个字符
legend-cost-not-number = 代价 `{ $cost }` 既不是数字也不是 `wall`
map-too-few-rows = 地图只有 { $rows } 行，但高度是 { $height }
map-row-too-long = 第 { $row } 行超过了宽度 { $width }
map-row-too-short = 第 { $row } 行有 { $cells } 格，但宽度是 { $width }
map-size-mismatch = 地图与它的尺寸不符
map-no-passable-cell = 地图上没有可通行的格子
map-symbol-not-in-legend = 第 { $column } 列的 `{ $symbol }` 不在图例中
map-text-after = { $height } 行地图之后还有文字
movingai-unknown-line = 应为 `type`、`height`、`width` 或 `map`，实际为 `{ $line }`
movingai-no-map-line = 缺少 `map` 行：不是 Moving AI 地图
movingai-size-after-map = `height` 和 `width` 必须写在 `map` 之前
movingai-unknown-letter = 第 { $column } 列有无法识别的地图字母 `{ $letter }`
scenario-field-count = 应有 9 个以制表符（version 1.0 文件里是空格）分隔的字段，实际有 { $count } 个
scenario-not-a-whole-number = { $field } `{ $word }` 不是整数
scenario-bad-optimal = 最优长度 `{ $word }` 不是数字
scenario-empty = 场景文件中没有任何查询
link-bad-size = { $width } x { $height } 的棋盘：每条边必须是 1 到 { $max }
link-unknown-line = 应为 `size W H` 或 `tiles`，实际为 `{ $line }`
link-no-size-line = 棋盘缺少 `size` 行
link-row-length = 第 { $row } 行有 { $cells } 格，但宽度是 { $width }
link-bad-tile = 第 { $column } 列的 `{ $symbol }` 既不是 `.` 也不是字母或数字
link-unpaired = 牌 `{ $tile }` 出现了奇数次：每张牌都需要一个配对
link-deal-size = 发牌的棋盘至少要有两格，每边最多 { $max } 格，而不是 { $width } x { $height }
link-deal-unpaired = 无法为 { $width } x { $height } 棋盘的每一格配对
level-no-player = 关卡中没有玩家（@ 或 +）
level-two-players = 关卡中有两个玩家，分别在 { $first } 和 { $second }
level-no-boxes = 关卡中没有箱子
level-boxes-goals = 关卡中有 { $boxes } 个箱子，却有 { $goals } 个目标
level-already-solved = 每个箱子都已经在目标上了
level-out-of-reach = 格子 { $square } 需要推动箱子，但玩家永远到不了那里
level-open = 关卡不封闭：玩家可以从 { $square } 走出棋盘（墙必须把玩家围起来）
level-too-large = 关卡是 { $width } x { $height }；最大 { $max } x { $max }
level-bad-square = 第 { $column } 列的 `{ $symbol }` 不是推箱子的格子（#@+$*. 或空格）
level-untitled = 第 { $number } 关
level-none-found = 没有找到推箱子关卡（关卡由 #、@、$、. 和空格组成的行构成）
lurd-bad-letter = 第 { $at } 个字符 `{ $letter }` 不是 l u r d（L U R D）之一
lurd-blocked = 第 { $step } 步（{ $letter }）撞上了墙或推不动的箱子
lurd-pushes = 第 { $step } 步（{ $letter }）推动了箱子
lurd-does-not-push = 第 { $step } 步（{ $letter }）没有推动箱子
lurd-not-solved = 走完这些步后仍有箱子不在目标上
snake-bad-size = 贪吃蛇棋盘每边为 { $min } 到 { $max } 格，而不是 { $width } x { $height }
snake-no-room = 墙占满了棋盘，放不下蛇和食物
snake-no-head = 蛇至少要有一个头
snake-body-blocked = 身体格 { $cell } 在墙上或身体上
snake-body-broken = 身体在 { $from } 和 { $to } 之间断开了
snake-food-blocked = 食物在墙上或蛇身上
cycle-both-odd = { $width } x { $height } 的棋盘没有哈密顿回路：两边都是奇数时，经过每一格的环无法闭合
cycle-colours = 这些墙留下 { $light } 个浅色格和 { $dark } 个深色格：经过每一格的环需要两种颜色的格子一样多
cycle-not-found = 没有为这些墙找到哈密顿回路（按 2 x 2 方块摆放的墙总能有回路）
saved-bad-algorithm = 无法使用 { $algorithm }（加权 A* 的权重至少为 1）

## 贪吃蛇规划器的理由

snake-food-safe = 食物在 { $steps } 步之外。吃掉它之后蛇仍能到达自己的尾巴，所以它向{ $dir }朝食物前进。
snake-food-traps = 食物在 { $steps } 步之外，但吃掉它之后蛇将无法到达自己的尾巴。
snake-food-unreachable = 蛇头到不了食物。
snake-reason-then = { $why }{ $what }
snake-follow-tail = 它跟着尾巴走：向{ $dir }能保持尾巴可达，尾巴在 { $distance } 步之外，是安全走法中最远的。
snake-survive = 没有哪一步能保持尾巴可达；向{ $dir }暂时不会死，还留有 { $room } 格空间。
snake-doomed = 每一步都会撞上墙或身体。
cycle-uphill = 食物在 { $moves } 步之外，沿第 { $cycle } 条回路向上：跟着走。
cycle-shortcut = 第 { $cycle } 条回路上的捷径：食物在 { $moves } 步之外，跳过 { $skipped } 格，前方每一格都保持空闲。
cycle-food-behind = 在身体能贴合的每条回路上，食物都在蛇头后面：沿回路走，直到尾巴经过它。
realign-follow = 身体还没有沿着哈密顿回路排列（之前是别人在操控）。从这里沿第 { $cycle } 条回路走是安全的：前方回路上的每个身体格都会在蛇头到达前离开，再走 { $moves } 步整个身体就沿回路排列了。
realign-turn = 身体还没有沿着哈密顿回路排列（之前是别人在操控）。向{ $dir }走一步后，它就能安全地沿第 { $cycle } 条回路走，直到整个身体都沿回路排列。
realign-survive = 身体没有沿着哈密顿回路排列，而且现在还无法安全地接入任何回路：先求生存，直到可以接入为止。{ $then }
rewire-committed = 已经有一阵子没有既通往食物又让身体保持在回路上的短路线了：沿一条回路走，直到吃到食物。
rewire-no-food = 没有食物了。
rewire-blocked = 每条通往食物的短路线都会让身体离开所有回路：沿身体所在的回路走，直到出现可行的路线。
rewire-way = 食物在 { $moves } 步之外，每走一步身体仍沿着一条哈密顿回路排列。

## 推箱子：编辑、提示与求解器

list-separator = 、
sentence-gap = {""}
edit-level-ready = 关卡可以玩了。
edit-level-untitled = 编辑的关卡
edit-tool-wall = 墙
edit-tool-floor = 地板
edit-tool-goal = 目标
edit-tool-box = 箱子
edit-tool-player = 玩家
edit-new-level = 新建空关卡
edit-title = 标题
edit-size = 尺寸
edit-height = 高度
edit-check = 检查
edit-solvable = 有解吗？
edit-solvable-tip = 求解器寻找一个解：A* 来得及证明时给出最少推几次，否则给出其他搜索找到的解
edit-play-it = 试玩
edit-save-xsb = 另存为 XSB…
edit-solving = 求解中…{ $unit ->
        [positions] 已查看 { $positions } / { $limit } 个局面
       *[seconds] 已查看 { $positions } 个局面，用时 { $spent } / { $limit } 秒
    }
edit-solvable-in = 有解：最少推 { $pushes } 次（A*，{ $positions } 个局面）。
edit-no-solution = 无解：没有任何推法能把每个箱子都推到目标上。
edit-undecided = 未能判定：求解器{ $why }。
edit-undecided-ask-again = 未能判定：求解器{ $why }。再按“有解吗？”，就给它 { $unit ->
        [positions] { $more } 个局面
       *[seconds] { $more } 秒
    }。
hint-thinking = 思考中…{ $unit ->
        [positions] 已查看 { $positions } / { $limit } 个局面
       *[seconds] 已查看 { $positions } 个局面，用时 { $spent } / { $limit } 秒
    }
hint-push = 提示：把标出的箱子向{ $dir }推（还要推 { $pushes } 次）。
hint-no-solution = 从这里已经无解：撤销几步（Ctrl+Z）。
hint-gave-up = 没有提示：求解器{ $why }。
hint-gave-up-ask-again = 没有提示：求解器{ $why }。再要一次提示（H），就给它 { $unit ->
        [positions] { $more } 个局面
       *[seconds] { $more } 秒
    }。
cmp-heading = BFS、DFS、A*、贪心与 IDA* 并排比较
cmp-search = 搜索
cmp-stored = 已存储
cmp-pushes = 推动
cmp-moves = 步数
cmp-no-solution = 无解
cmp-bad-solution = 错误的解：{ $why }
solve-pick = 选择一种算法，然后按“开始求解”。
solve-over-pushes = 以推动为单位的 { $algorithm }
solve-over-moves = 以单步为单位的 { $algorithm }
solve-pruned-dead = 剪枝：死格
solve-pruned-freeze = 剪枝：冻结死锁
solve-pruned-matching = 剪枝：无法匹配
solve-corral-cuts = PI 围栏裁剪
solve-dead-corrals = 发现的死围栏
solve-learned-deadlocks = 推入已学死锁的次数
solve-pushes-so-far = 已推次数 (g)
solve-pushes-left = 剩余推动次数的下界 (h)
solve-moves-so-far = 已走步数 (g)
solve-moves-left = 剩余步数的下界 (h)
solve-dead-end = 无（死局）
solve-solved = 已解出。
solve-no-solution = 无解：所有可达的局面都已搜索过。
solve-bound-pushes = 未解出：{ $why }。任何解都至少需要推 { $bound } 次（已扩展局面中最大的 { $measure }）。
solve-bound-moves = 未解出：{ $why }。任何解都至少需要 { $bound } 步（已扩展局面中最大的 { $measure }）。
solve-bound-ida-pushes = 未解出：{ $why }。任何解都至少需要推 { $bound } 次：IDA* 在已完成各轮的界限内都没有找到解。
solve-bound-ida-moves = 未解出：{ $why }。任何解都至少需要 { $bound } 步：IDA* 在已完成各轮的界限内都没有找到解。
solve-not-solved = 未解出：{ $why }。
solve-searching = 搜索中…
solve-paused-touch = 已暂停：点“播放”“单步”或“到结尾”。
solve-paused = 已暂停：播放（空格）、单步（右方向键）或到结尾（End）。
solve-solution = 解：{ $moves } 步，推 { $pushes } 次（已回放验证）。
solve-copy-lurd = 复制 LURD
solve-replay = 回放解法
solve-bad-solution = 解法回放失败：{ $why }
solve-states-are = 状态单位
solve-states-pushes = 推动
solve-states-moves = 逐步移动
solve-give-up-after = 放弃上限
solve-states = 个状态
solve-from-play = 从“玩”中的局面开始
solve-from-play-tip = 从你在“玩”中停下的地方求解，而不是从关卡开头。
solve-show-dead = 显示死格
solve-show-dead-tip = 推到标有 × 的格子上的箱子永远到不了目标；求解器从不往那里推。
solve-start = 开始求解
solve-compare = 五种一起比较
solve-compare-tip = 在这一关上并排运行 BFS、DFS、A*、贪心和 IDA*
solve-replaying = 正在回放解法
solve-back-to-search = 返回搜索
sk-code-start = frontier ← {"{"}start{"}"}；g[start] ← 0
sk-code-goal-test = 若 n 中每个箱子都在目标上：返回到 n 的走法
sk-code-skip-or-mark = 若 n 已访问：跳过它；否则把 n 标记为已访问
sk-code-mark-visited = 把 n 标记为已访问
sk-code-pushes = pushes ← 在 n 中玩家能走到并完成的推动
sk-code-corral = 若箱子围出了 PI 围栏：只保留推进围栏的推动
sk-code-for-each-push = 对 pushes 中的每个推动：
sk-code-moves = moves ← 玩家在 n 中能走的每一步（走向箱子即推动）
sk-code-for-each-move = 对 moves 中的每一步：
sk-code-prune = 若它把箱子推到死格或冻结在目标外：剪掉它
sk-code-next = m ← 走这一步后的局面；g' ← g[n] + 1
sk-code-bound = h(m) ← 箱子与目标的最小代价匹配（无匹配：死局，剪掉）
sk-code-no-solution = 返回“无解”
sk-code-ida-start = bound ← h(start)，即匹配下界
sk-code-ida-loop = 循环：若 DFS(start, 0, bound) 解出了关卡：返回走法
sk-code-ida-raise = t ← 超过界限的 g + h 中最小的那个
sk-code-ida-none = 若 t = ∞：返回“无解”
sk-code-ida-next = bound ← t；忘掉这一轮到过的局面
sk-code-ida-dfs = DFS(n, g, bound)：
sk-code-ida-remember = 记下 n 以 g 到达
sk-code-ida-descend = 若 g' + h(m) ≤ bound 且 m 没有以 g ≤ g' 到达过：DFS(m, g', bound)
sk-code-ida-cut = 否则若 g' + h(m) > bound：t ← min(t, g' + h(m))
sk-narrate-ida-within = 第 { $iteration } 轮，界限 { $bound }：g + h 没有超过它，所以 IDA* 继续深入{ $times ->
    [1] {""}
   *[other] （这个局面现在已经扩展了 { $times } 次）
}。
sk-narrate-pushes = 扩展了一个离起点推 { $g } 次的局面。
sk-narrate-pushes-bound = 扩展了一个离起点推 { $g } 次的局面，至少还要 { $h }（g + h = { $f }）。
sk-narrate-moves = 扩展了一个离起点 { $g } 步的局面。
sk-narrate-moves-bound = 扩展了一个离起点 { $g } 步的局面，至少还要 { $h }（g + h = { $f }）。
sk-narrate-corral = 出现了 PI 围栏（箱子围住了玩家到不了的格子），所以只尝试了推进围栏的推动。
sk-narrate-dead-square = { $pushes } 次推到死格
sk-narrate-freeze = { $pushes } 次把箱子冻结在目标外
sk-narrate-pruned = 剪枝：{ $list }。
sk-narrate-matching = { $positions } 个新局面中的箱子无法全部到达目标：死局。
sk-narrate-nothing-new = 没有新的局面加入边界。
sk-narrate-joined = { $added } 个局面加入了边界。
sk-narrate-joined-improved = { $added } 个局面加入了边界；{ $improved } 个局面找到了更短的路线。

## 运行控制、图表与文件对话框（各标签页共用）

run-reset = 重置
run-reset-tip = 回到开头（Home）
run-back = 后退
run-back-tip = 后退一步（左方向键）
run-pause = 暂停
run-pause-tip = 暂停（空格）
run-replay = 重放
run-replay-tip = 从头再播放一遍（空格）
run-play = 播放
run-play-tip = 播放（空格）
run-step = 单步
run-step-tip = 前进一步（右方向键）
run-to-end = 到结尾
run-to-end-tip = 一直运行到结束（End）
run-speed = 速度
run-speed-tip = 每秒步数（+ / -）
run-timeline = 时间轴
run-timeline-tip = 拖动以浏览整个运行过程
run-of = 共 { $known }
run-of-more = 共 { $known }+
speed-thousands = 每秒 { $thousands }k 步
speed-steps = 每秒 { $steps } 步
speed-max = 最快
plot-depth = 深度（离起点的步数）
plot-expansions-log = 扩展数
plot-step = 步
plot-frontier = 边界
plot-now = 当前
board-canvas = 棋盘
new-seed = 新种子
dialog-up = 上一级
dialog-up-tip = 上一级文件夹
dialog-folder = 文件夹
dialog-file-name = 文件名
dialog-open = 打开
dialog-save = 保存
dialog-cannot-list = 无法列出 { $folder }：{ $why }

## 贪吃蛇标签页

snake-status = 贪吃蛇 { $width } x { $height }，种子 { $seed }
snake-unchanged = 屏幕上的游戏没有改变。
snake-score = 得分 { $score }   长度 { $length }
snake-steps = 步数 { $steps }   本棋盘最高分 { $best }
snake-over-wall-touch = 游戏结束：蛇撞到了墙。点“重来”再玩一次。
snake-over-body-touch = 游戏结束：蛇咬到了自己。点“重来”再玩一次。
snake-over-wall = 游戏结束：蛇撞到了墙。按 R 再玩一次。
snake-over-body = 游戏结束：蛇咬到了自己。按 R 再玩一次。
snake-won = 胜利：蛇占满了整个棋盘！
snake-step-tip = 走一步（. 或 Enter）
snake-back = 退回一步
snake-back-tip = 收回上一步，并恢复规划器当时对这个局面的看法（退格键）。退回过的对局不计入最高分。
snake-forward = 前进一步
snake-forward-tip = 重新走出最近收回的那一步
snake-moves-per-second = {" "}步/秒
snake-who-steers = 谁来操控（1、2、3）
snake-pilot-you-touch = 你（点你想去的方向）
snake-pilot-you = 你（方向键或 WASD）
snake-pilot-classic = 经典规划器
snake-pilot-cycle = 回路规划器（永不失败）
snake-show-plan = 显示计划
snake-show-cycle = 显示哈密顿回路
snake-board = 棋盘
snake-paint-walls = 画墙（在棋盘上点击或拖动）
snake-clear-walls = 清除墙
snake-keys = 按键：方向键/WASD 转向，空格暂停，. 或 Enter 走一步，退格键退回一步，逗号显示决策的一部分，R 重新开始，1/2/3 选择操控者，+/- 调速度。
snake-high-score = 新的最高分：{ $score }
snake-no-cycle = 回路规划器无法玩这个棋盘：{ $why }。
snake-you-steer = 现在由你操控。选一个规划器，看看它怎么思考。
snake-classic-heading = 经典规划器
snake-classic-about = 每一步：从食物出发做一次 BFS（身体当作墙），得到每一格到食物的距离。一条虚拟蛇沿最短路径吃到食物；只有当虚拟蛇头此后仍能到达自己的尾巴时，才采用这个计划。否则蛇跟着尾巴走；如果没有安全的走法，就选一个眼下不会死的方向。
snake-code-classic-title = 经典规划器
snake-code-classic-1 = field ← 从食物出发 BFS（身体当作墙）：每一格到食物的距离
snake-code-classic-2 = 若蛇头有距离（能到达食物）：
snake-code-classic-3 = {"    "}path ← 从蛇头出发，每次走到离食物近一步的邻格
snake-code-classic-4 = {"    "}virtual ← 沿 path 走完并吃到食物后的蛇
snake-code-classic-5 = {"    "}若从 virtual 的头 BFS 能到达它的尾巴：走 path 的第一步
snake-code-classic-6 = 跟着尾巴：选一个走后尾巴仍可到达的方向（离食物最远的）
snake-code-classic-7 = 没有安全的走法：任选一个眼下不会死的方向
snake-code-cycle-title = 回路规划器
snake-code-cycle-1 = cycle ← 经过每个空格的哈密顿回路（在由 2 × 2 方块组成的棋盘上，每一步重新选择）
snake-code-cycle-2 = 若身体从尾到头沿着回路：
snake-code-cycle-3 = {"    "}shortcut ← 一条朝向食物、在回路上跳过一段但不越过尾巴的路
snake-code-cycle-4 = {"    "}走：shortcut 的第一步，否则回路上的下一格
snake-code-cycle-5 = 否则：加入一条蛇能安全跟随的回路，在此之前先求生存
snake-step-decision = 逐步查看决策
snake-step-decision-tip = 逗号
snake-step-decision-back = 退回一部分
snake-phase-whole = 已显示完整决策。
snake-phase-food = 1. 从食物出发的 BFS：已扩展 { $cells } 格中的 { $expanded } 格。
snake-phase-path = 2. 最短路径，以及吃到食物后的虚拟蛇。
snake-phase-tail = 3. 虚拟蛇头能到达尾巴吗？已搜索 { $searched } 格。
snake-phase-choice = 4. 最终选择。
snake-branch-food = 去吃食物
snake-branch-tail = 跟着尾巴走
snake-branch-survive = 只求生存
snake-branch-doomed = 无路可走
snake-tail-checks = 各安全走法的尾巴检查：
snake-tail-away = {"  "}{ $dir }：尾巴在 { $steps } 步之外
snake-tail-unreachable = {"  "}{ $dir }：到不了尾巴
snake-cycle-heading = 回路规划器
snake-cycle-about-rewire = 每一格有两种走法：绕着自己所在的 2 x 2 方块走，或走进相邻的方块。由这样的走法连成、经过每一格的环（哈密顿回路）就是绕方块生成树一周的路线。蛇只走那些走完后身体仍沿着这样一个环排列的步子，所以它总能沿环走下去：永远不会死。它选择每一步后都保持这一点的最短路线去吃食物；没有这样的路线时就沿环走，直到出现一条。每一步都会重新选择环。
snake-cycle-about-fixed = 蛇沿着一条经过每一格的哈密顿回路走。从尾巴开始沿回路给格子排序，身体从尾到头依次升高，所以排在蛇头之上的格子都是空的，回路上的下一格总是空出来的：它永远不会死。它沿最省的上坡路去吃食物，在不会困住自己时跳过一段。
keys-dot-enter = . 或 Enter
keys-comma = ,
keys-1-2-3 = 1 / 2 / 3
does-steer = 转向（第一次按键开始游戏）
does-pause-resume = 暂停 / 继续
does-one-move = 走一步
does-one-part = 显示规划器决策的一部分
does-who-steers = 你操控 / 经典规划器 / 回路规划器
does-new-game = 新的一局

## 连连看标签页

link-status = 连连看 { $width } x { $height }，种子 { $seed }
link-score = 得分 { $score }   { $seconds } 秒
link-score-rules = 消除一对得 10 分；提示扣 5 分，自己要求的洗牌扣 20 分（没有可消的牌时的洗牌不扣分）。分数可以是负的。
link-tiles-left = 剩余 { $tiles } 张牌，种子 { $seed }
link-tiles-left-best = 剩余 { $tiles } 张牌，种子 { $seed }，最佳 { $best } 秒
link-cleared = 全部消除！
link-hint = 提示
link-shuffle = 洗牌
link-undo = 撤销
link-undo-tip = U 或 Ctrl+Z
link-stop-computer = 让电脑停下
link-let-computer = 让电脑来消除
link-show-search = 显示每次连线搜索
link-guided = 用还需要的转弯数来引导（A*）
link-guided-tip = 不勾选：一致代价搜索，已转弯最少的先出，沿每条射线扩散。勾选：A* 再加上还需要的转弯数（从第二张牌倒推算出），直奔目标。
link-naive = 与朴素搜索比较（只标记格子，不区分方向）
link-search-speed = 搜索速度
link-steps-per-second = {" "}步/秒
link-new-board = 新棋盘
link-gravity = 重力（牌会下落）
link-deal = 发牌
link-help = 点击两个相同的牌：如果能用最多三段直线穿过空格（或绕到棋盘外面）把它们连起来，它们就会被消除。
link-opened = 已打开 { $name }：按“玩这个棋盘”开始玩。
link-not-opened = 无法打开：{ $why }
link-own-board = 你自己的棋盘
link-paint = 摆放牌（点击格子）
link-erase = 擦除
link-play-board = 玩这个棋盘
link-save = 保存…
dialog-open-link = 打开连连看棋盘
dialog-save-link = 保存连连看棋盘
menu-preset-link = 预设连连看棋盘
link-cannot-play = 这个棋盘无法玩：{ $why }。
link-shuffled = 没有可以消除的一对：牌已重新洗牌。
link-cleared-helped = 在电脑帮助下用 { $seconds } 秒消除完毕（不计最佳时间）
link-cleared-best = 用 { $seconds } 秒消除完毕，得 { $score } 分——新的最佳时间！
link-cleared-in = 用 { $seconds } 秒消除完毕，得 { $score } 分
link-computer-stuck = 按现在的局面，电脑找不到消除完的办法；试试洗牌。
link-hold-search = 暂停搜索
link-step-search = 单步搜索
link-step-back = 后退一步
link-uniform-cost = 按转弯数的一致代价搜索
link-code-1 = frontier ← {"{"}(第一张牌, 无方向){"}"}；turns[start] ← 0
link-code-2 = 当 frontier 非空时：
link-code-3 = {"    "}(c, d) ← frontier.pop()（转弯最少）
link-code-3-guided = {"    "}(c, d) ← frontier.pop()（转弯数 + 至少还要的转弯数 h 最小）
link-code-4 = {"    "}若 c 是第二张牌：返回这条连线，转弯 turns[(c, d)] 次
link-code-5 = {"    "}若转弯超过 2 次：返回“不能连”
link-code-6 = {"    "}对除了直接往回以外的每个方向 d'：
link-code-7 = {"        "}c' ← 那个方向的下一格；除非它是空格（或棋盘外圈）否则跳过
link-code-8 = {"        "}t ← turns[(c, d)] +（d' 与 d 不同则加 1，否则加 0）
link-code-9 = {"        "}若 (c', d') 是新的或 t < turns[(c', d')]：turns[(c', d')] ← t；frontier.push((c', d'), t)
link-code-9-guided = {"        "}若 (c', d') 是新的或 t < turns[(c', d')]：turns[(c', d')] ← t；frontier.push((c', d'), t + h(c', d'))
link-code-10 = 返回“不能连”
link-narrate-ready = 准备好了：边界里是第一张牌。单步扩展它。
link-heading-none = 还没有方向
link-narrate-expanded = 扩展了 { $cell }，方向{ $heading }，转弯 { $turns } 次到达；{ $joined } 个状态加入边界或转弯变少。
link-narrate-expanded-guided = 扩展了 { $cell }，方向{ $heading }：已转弯 { $turns } 次 + 至少还要 { $more } 次；{ $joined } 个状态加入边界或转弯变少。
link-narrate-over = 下一个状态至少要转弯 { $turns } 次：超过了连线允许的次数，所以不能连。
link-narrate-found = 转弯 { $turns } 次到达了第二张牌。
link-narrate-exhausted = 边界空了：没有由直线段组成的路连接这两张牌。
link-search-status = 从 { $from } 到 { $to } 的连线搜索：已扩展 { $expanded } 个状态，边界中有 { $frontier } 个。
link-linked = 用 { $turns } 次转弯（{ $segments } 段）连上了。
link-no-link = 没有最多三段的连线。
link-tint = 格子按到达它所需的转弯数着色：蓝色 0 次，绿色 1 次，橙色 2 次。
link-naive-claims = 朴素搜索（访问了 { $cells } 格）声称要转 { $turns } 次弯。
link-naive-none = 朴素搜索（访问了 { $cells } 格）根本找不到连线。
keys-s = S
keys-u-ctrl-z = U 或 Ctrl+Z
does-link-hint = 提示（扣分）
does-link-shuffle = 洗牌（扣分）
does-undo = 撤销
generated-note = { $generator }，{ $width } x { $height }，种子 { $seed }
pf-about-board = 关于这个棋盘
sk-about-level = 关于这一关

## 侧边面板、缩放、主题与演示

panel-title-controls = 控制
panel-title-explained = 讲解
panel-title-code = 你的代码
panel-title-plan = 规划
panel-title-solver = 求解器
panel-sheet-close = 收起{ $panel }
panel-open-left = 显示左侧面板（[）
panel-close-left = 隐藏这个面板（[）
panel-open-right = 显示右侧面板（]）
panel-close-right = 隐藏这个面板（]）
keys-brackets = [ / ]
does-toggle-panels = 隐藏或显示左侧 / 右侧面板
algo-wastar-short = 加权 A*（{ $weight }）
algo-greedy-short = 贪心
view-scale = 界面缩放
present-size = 大小 { $percent }%
present-larger = 放大
present-smaller = 缩小
present-leave = 退出演示（Esc）
view-larger = 放大  （Ctrl+=）
view-smaller = 缩小  （Ctrl+-）
view-actual-size = 100%  （Ctrl+0）
view-theme = 主题
view-theme-system = 跟随系统
view-theme-light = 浅色
view-theme-dark = 深色
view-presentation = 演示模式  （F11，Esc 退出）
keys-ctrl-zoom = Ctrl+= / Ctrl+- / Ctrl+0
does-zoom = 界面放大 / 缩小 / 100%
keys-f11 = F11
does-present = 演示模式：全屏，只留棋盘和一条精简控制栏（Esc 退出）
saved-scale-reset = 保存的界面缩放（{ $scale }）不在 75–300% 之间，已恢复为 100%。
opened-map-rules = 已打开 { $name }：这是 Moving AI 地图，已改用它的最优长度所依据的规则：8 个方向、对角距离（octile）、不切角（Ctrl+Z 可撤销）
run-label-four = 4 方向
run-label-eight = 8 方向
run-label-separator = ，
plot-earlier-run = { $run }（之前）
plot-count = 数量
legend-snake-head = 蛇头
legend-snake-body = 蛇身，越往尾部越浅
legend-snake-food = 食物
legend-snake-wall = 墙
legend-snake-field = 到食物的距离（越深越近）
legend-snake-tail-search = 圆点：蛇尾可达检查搜到的格子
legend-snake-plan = 计划路径；空心方块：吃到食物后的蛇
legend-snake-shortcut = 计划的走法（沿环路抄近道）
legend-snake-cycle = 哈密顿环路
legend-link-selected = 选中的牌
legend-link-hint = 提示的一对
legend-link-refused = 两次转弯以内连不上
legend-link-line = 连线
legend-link-turns = 转弯 { $turns } 次可达
legend-link-frontier = 在边界中，尚未到达
cmp-stop = 停止比赛
cmp-stopped = 已停止
solve-player-region = 蓝点：当前状态下玩家能走到的每一格。按推动搜索时，状态只记录玩家能到达的区域，而不是某一格。
edit-not-in-play-yet = “玩”里仍是原来的关卡：按“试玩”才能玩到你的修改。
menu-getting-started = 入门
start-title = 入门
start-next-tab = 下一个标签页
start-close = 知道了
start-pathfinding =
    1. 按“单步”（或右方向键）看搜索一次扩展一个结点；“播放”连续运行，“后退”和时间轴可以往回看。
    2. 颜色：橙色格子是边界（等待扩展），蓝色是已访问，深色方框是正在扩展的结点，深红色的线是找到的路径。
    3. 用左侧的工具在棋盘上画墙和地形，拖动 S 或 G 移动起点和终点：搜索会重新开始并追上进度。
    4. 换一个算法，或勾选“并排比较”让两个算法比赛。右侧面板显示正在执行的伪代码行、数字和图表。[ 和 ] 隐藏侧面板；F11 进入演示模式。
    5. 第一次接触这些搜索？标签栏右边的“课程”会一页一页地带你学习，并让你预测它们下一步做什么。
start-sokoban =
    1. 把每个箱子推到目标上。方向键或 WASD 走路；点击一格走到那里；拖动箱子把它推过去。U 或 Ctrl+Z 撤销，R 重来。
    2. 卡住了？“提示”给出解法的下一推；红框标出再也到不了目标的箱子。
    3. “求解”让搜索一步步来做：红色阴影表示它的状态里箱子常在的位置，蓝点表示玩家能走到的格子。“五种一起比较”让 BFS、DFS、A*、贪心和 IDA* 比赛。
    4. “编辑关卡”可以画自己的关卡；“有解吗？”让求解器回答。
start-snake =
    1. 用方向键或 WASD 控制方向；空格暂停。吃到食物，别撞墙，也别撞到自己。
    2. 按 2 使用经典规划器：蓝色阴影是到食物的距离，橙色圆点是蛇尾可达检查，右侧面板说明每一步为什么这样走。
    3. 按 3 使用环路规划器：它沿哈密顿环路走（会抄近道），永远不会输。
start-link =
    1. 点击两个相同的牌：它们之间要有一条最多三段直线（转两次弯）的路径，经过空格或绕过棋盘外圈。
    2. H 给出一对可以消除的牌，S 重新洗牌。计分：消除一对得 10 分，要一次提示扣 5 分，自己要求洗牌扣 20 分（没有可消的牌时自动洗牌不扣分），所以分数可以是负的。
    3. 勾选“显示每次连线搜索”，观看按格子和方向进行的广度优先搜索；颜色表示到达每一格转了几次弯。
start-sliding =
    1. 点击空格所在行或列里的数码，它（连同中间的数码）就滑过去；也可以按方向键。U 或 Ctrl+Z 撤销。绿色的数码已在目标位置上。
    2. 选择大小（3 x 3 是八数码，4 x 4 是十五数码）和目标；“打乱”或“随机局面”开始新的一局，也可以输入一个局面再点“玩这个局面”。
    3. “看搜索来解”从你当前的局面运行下面选定的搜索和启发函数：正在扩展的局面、以小棋盘列出的边界（带 g、h、f）、伪代码和图表。运行到底，换一个启发函数再运行，比较每一层深度的扩展数。
start-pathfinding-touch =
    1. 点“单步”看搜索一次扩展一个结点；“播放”连续运行，“后退”和时间轴可以往回看。
    2. 颜色：橙色格子是边界（等待扩展），蓝色是已访问，深色方框是正在扩展的结点，深红色的线是找到的路径。
    3. 画图工具在控制面板里（手机竖着拿时在底部的“控制”里）：选一个工具，用手指在棋盘上拖动来画墙和地形，或拖动 S 或 G 移动起点和终点。两指捏合缩放，两指一起移动来平移。
    4. 控制面板里还可以换一个算法，或选“并排比较”让两个算法比赛；“讲解”显示正在执行的伪代码行、数字和图表。
    5. 第一次接触这些搜索？顶部的“课程”会一页一页地带你学习，并让你预测它们下一步做什么。
start-sokoban-touch =
    1. 把每个箱子推到目标上。点一格走到那里；拖动箱子把它推过去。“撤销”和“重来”在控制面板里。
    2. 卡住了？“提示”给出解法的下一推；红框标出再也到不了目标的箱子。
    3. “求解”让搜索一步步来做：红色阴影表示它的状态里箱子常在的位置，蓝点表示玩家能走到的格子。“五种一起比较”让 BFS、DFS、A*、贪心和 IDA* 比赛。
    4. “编辑关卡”可以画自己的关卡；“有解吗？”让求解器回答。
start-snake-touch =
    1. 点棋盘上你想让蛇去的那一边：它会转向你的手指。吃到食物，别撞墙，也别撞到自己。
    2. 在控制面板里选经典规划器：蓝色阴影是到食物的距离，橙色圆点是蛇尾可达检查，规划说明每一步为什么这样走。
    3. 回路规划器沿哈密顿回路走（会抄近道），永远不会输。
start-link-touch =
    1. 点两个相同的牌：它们之间要有一条最多三段直线（转两次弯）的路径，经过空格或绕过棋盘外圈。
    2. “提示”给出一对可以消除的牌，“洗牌”重新洗牌。计分：消除一对得 10 分，要一次提示扣 5 分，自己要求洗牌扣 20 分（没有可消的牌时自动洗牌不扣分），所以分数可以是负的。
    3. 勾选“显示每次连线搜索”，观看按格子和方向进行的广度优先搜索；颜色表示到达每一格转了几次弯。
start-sliding-touch =
    1. 点空格所在行或列里的数码，它（连同中间的数码）就滑过去；“撤销”退回一步。绿色的数码已在目标位置上。
    2. 选择大小（3 x 3 是八数码，4 x 4 是十五数码）和目标；“打乱”或“随机局面”开始新的一局，也可以输入一个局面再点“玩这个局面”。
    3. “看搜索来解”从你当前的局面运行下面选定的搜索和启发函数：正在扩展的局面、以小棋盘列出的边界（带 g、h、f）、伪代码和图表。运行到底，换一个启发函数再运行，比较每一层深度的扩展数。
dialog-all-files = 所有文件
dialog-text-files = 文本文件
dialog-boards-and-maps = 棋盘和 Moving AI 地图
dialog-boards = Frontier 棋盘
dialog-sokoban-levels = 推箱子关卡
dialog-link-boards = 连连看棋盘
dialog-places = 位置
dialog-home = 主目录
dialog-presets = 预设
dialog-started-in = 程序启动时所在的文件夹
dialog-recent-folders = 最近的文件夹
dialog-recent-files = 最近的文件
dialog-file-type = 文件类型
menu-export-pathfinding = 把寻路棋盘或运行过程导出为 PNG、SVG 或 GIF…
export-title = 导出
export-which = 正在对比两种搜索，导出哪一边的棋盘：
export-left-search = 左边的搜索，{ $search }
export-right-search = 右边的搜索，{ $search }
export-format = 格式
export-png = 当前步骤的 PNG 图片
export-svg = 当前步骤的 SVG 图片
export-gif = 整个运行过程的 GIF 动画
export-cell = 格子大小（像素）
export-from = 从第几步
export-to = 到第几步
export-fps = 每秒帧数
export-choose = 选择文件并导出…
export-progress = 正在写第 { $done } 帧，共 { $total } 帧
export-cancel = 取消
export-done = 已导出 { $file }
export-done-gif = 已导出 { $file }：{ $frames } 帧，第 { $from } 步到第 { $to } 步
export-cancelled = 导出已取消，没有写入任何文件。
dialog-replace-question = { $name } 已经存在。要替换它吗？
dialog-replace = 替换
dialog-keep = 保留原文件
dialog-export = 把导出的文件另存为
dialog-png = PNG 图片
dialog-svg = SVG 图片
dialog-markdown = Markdown 文件
dialog-gif = GIF 动画
export-png-board = 当前棋盘的 PNG 图片
export-gif-moves = 已走每一步的 GIF 动画
export-gif-solution = 所找到解法的 GIF 动画
export-gif-game = 本局到目前为止的 GIF 动画
export-gif-search = 当前连线搜索的 GIF 动画
export-frames = 共 { $frames } 帧
menu-export-sliding = 把数字华容道导出为 PNG、SVG 或 GIF，表格可导出为 Markdown…
export-png-position = 当前局面的 PNG 图片
export-svg-position = 当前局面的 SVG 图片
export-gif-puzzle-solution = 找到的解的 GIF，{ $moves } 步
menu-export-snake = 把贪吃蛇游戏导出为 PNG 或 GIF…
menu-export-sokoban = 把推箱子局面或解法导出为 PNG 或 GIF…
menu-export-link = 把连连看棋盘或搜索导出为 PNG 或 GIF…
render-cell-range = 格子大小 { $cell } 像素不在 1..=64 之内
render-too-large = { $width } x { $height } 像素的图片超过每边 8192 像素：请选小一些的格子
render-empty = 空棋盘没有图片
render-fps-range = 每秒 { $fps } 帧不在 1..=50 之内
render-steps-order = 起始步（{ $from }）在结束步（{ $to }）之后
render-gif-failed = 无法写入 GIF：{ $why }
render-png-failed = 无法编码 PNG：{ $why }
render-cancelled = 导出已取消
render-nothing = 没有可以做成动画的内容

## Assignment files (crates/games/src/assignments)
assignment-not-toml = 不是作业文件：{ $why }
assignment-questions = 一份作业有 1 到 { $max } 道题（[[question]] 表）
assignment-function-twice = 两道题都要求写函数 `{ $function }`
assignment-bad-function = `{ $function }` 不能作函数名：只用字母、数字和 _（不能是 search、problem 或 frontier）
assignment-bad-points = 分值必须是大于 0、不超过 1000 的数
assignment-bad-tier = 一档的分值必须在 0 到本题的 { $points } 分之间
assignment-no-tiers = 启发函数题至少需要一个 [[question.tier]]：扩展总数上限和对应的分数
assignment-bad-check = 未知的检查“{ $check }”（应为 bfs、dfs、ucs、astar、greedy 或 heuristic）
assignment-tests = 一道题有 1 到 { $max } 个测试（[[question.test]] 表）
assignment-bad-max-expansions = max_expansions 至少为 1
assignment-bad-weight = 测试的权重必须是大于 0 的数
assignment-one-problem = 一个测试只给一个问题：board、board_text、maze、puzzle 或 puzzle_depth
assignment-bad-heuristic = 启发函数：{ $why }
assignment-board-too-big = 启发函数题要检查每个格子：它的地图最多 { $max } 格
assignment-bad-maze = 迷宫：{ $why }
assignment-maze-size = 迷宫的宽和高为 3 到 256 格
assignment-bad-puzzle = 数码：{ $why }
assignment-depth-eight = 按步数抽取的局面和启发函数题只用于 3 x 3 的八数码：它的每个局面都能检查
assignment-too-deep = 没有离这个目标 { $moves } 步的局面：最远的是 { $farthest } 步
assignment-tiers-order = 分档必须是扩展越少分越高
assignment-tiers-on-search = 分档只用于启发函数题：搜索题的分数由它的各个测试分享
assignment-board-goal = 地图的目标由地图本身给出（它的 `goal` 行）：这里的 `goal` 只用于数码
assignment-puzzle-diagonal = `diagonal` 只用于地图：数码的空格只能向四个方向移动

## Lesson files
lesson-not-toml = 不是课程文件：{ $why }
lesson-bad-id = id 只能包含字母、数字和连字符
lesson-bad-language = 未知的语言“{ $language }”（应为 en 或 zh-CN）
lesson-no-pages = 课程没有页面（每页以 [[page]] 开头）
lesson-too-many-pages = 页面超过 { $max } 页
lesson-two-scenes = 一页只能展示一样东西：一块棋盘、一个推箱子关卡、一局贪吃蛇、一块连连看棋盘或一个数字华容道
lesson-sliding-tables = 课程页只为 3 x 3 生成模式数据库（十五数码的要几秒钟，而课程页要立刻打开）：请用 linear-conflict
lesson-bad-value = { $why }
lesson-no-preset = 没有名为“{ $name }”的预设
lesson-bad-board = 棋盘：{ $why }
lesson-board-source = 棋盘需要 preset 或 text 之一
lesson-bad-moves = moves 只能是 4 或 8，不能是 { $moves }
lesson-no-level = 关卡集中没有第 { $level } 关
lesson-bad-level = 关卡：{ $why }
lesson-level-source = 关卡需要 preset 加 level，或者 text
lesson-bad-states = states 只能是 pushes 或 moves，不能是“{ $states }”
lesson-bad-run = run 只能是 start、end、“step N”或“frontier above N”，不能是“{ $run }”
lesson-run-too-long = 运行超过 { $max } 步
lesson-run-ended-at = 搜索在第 { $steps } 步就结束了，没到第 { $asked } 步
lesson-run-never-reached = 搜索在第 { $steps } 步结束，始终没有发生指定的事件
lesson-question-needs-board = 这种题目需要 [page.board]
lesson-question-one-run = 预测题的棋盘上只能有一个搜索（不能用 compare）
lesson-bad-measure = measure 只能是 f、g 或 h，不能是“{ $measure }”
lesson-few-choices = 选择题至少需要两个选项
lesson-no-answer = 选择题需要 answer（正确选项的序号，从 1 开始）
lesson-answer-out-of-range = answer 必须在 1 到 { $count } 之间
lesson-paint-wall-fields = 画墙题需要 longer、shorter 和 solution = [x, y]
lesson-solution-fails = solution 通不过本课自己的检查
lesson-bad-question-kind = 未知的题型“{ $kind }”（应为 predict、joins、lowest、choice 或 paint-wall）

## Lessons
lesson-no-path = 无路径
lesson-lowest-right = 正确：这个格子是边界中 { $measure } 最小的，为 { $value }。
lesson-lowest-higher = 不是最小的：你选的格子 { $measure } 为 { $yours }，而 { $cell } 的 { $measure } 为 { $lowest }。
lesson-lowest-not-frontier = 这个格子不在边界中：请在等待扩展的格子里选。
lesson-choice-right = 正确。
lesson-choice-wrong = 不是“{ $picked }”：正确的选项是“{ $choice }”。
lesson-paint-right = 正确：加上你的墙后，{ $longer } 的路径代价为 { $longer_cost }，{ $shorter } 的为 { $shorter_cost }。
lesson-paint-other-board = 这已不是本页的棋盘：请按“回到本页的棋盘”，再画一堵墙。
lesson-paint-not-one-wall = 请在本页的棋盘上只新画一堵墙（你改动了 { $changed } 个格子）。
lesson-paint-not-longer = 还没有：{ $longer } 的路径代价为 { $longer_cost }，{ $shorter } 的为 { $shorter_cost }。
lesson-not-opened = 无法打开课程 { $name }：{ $why }
lessons-title = 课程
lessons-progress = 第 { $page }/{ $pages } 页 · 答对 { $right }/{ $questions } 题
lessons-size = { $pages } 页 · { $questions } 道题
lessons-continue = 继续“{ $title }”
lessons-start = 开始“{ $title }”
lessons-continue-short = 继续
lessons-start-short = 开始
lessons-open-file = 打开课程文件…
lessons-all = 全部课程
lessons-page-title = { $page }/{ $pages } · { $title }
lessons-previous = 上一页
lessons-next = 下一页
lessons-reset-page = 回到本页的棋盘
lessons-reset-page-hover = 把棋盘、搜索和步数恢复成本页展示的样子
lessons-check = 检查答案
lessons-click-a-cell = 请在棋盘上点击一个格子作答。
lessons-paint-then-check = 先在棋盘上画，再检查。
lessons-check-board = 检查我的棋盘
lessons-try-again = 再试一次
dialog-lessons = 课程
dialog-open-lesson = 打开课程
menu-lessons = 课程
menu-open-lesson = 打开课程…
lesson-board-kept = 课程的棋盘替换了你未保存的棋盘：撤销（Ctrl+Z）可以找回。
lessons-close = 关闭课程
pf-first-meeting = 第一次相遇就停（错误的规则）
pf-first-meeting-tip = 双向搜索在两边第一次相遇时就停下，这是大多数人猜的规则。它返回的路径可能比最便宜的贵：“最优？”一栏会告诉你贵多少。
lesson-bad-stop = stop 只能是 proven 或 first-meeting，不能是“{ $stop }”
lessons-pick-cells = 点击下一步会加入边界的每个格子（再点一次可取消），然后检查。
lessons-check-cells = 检查我选的格子
joins-none = 无
joins-right = 对了：加入的格子有 { $count } 个，{ $cells }。
joins-wrong = 不对：加入边界的是 { $cells }。选了但没有加入的：{ $extra }。漏掉的：{ $missed }。
predict-ask-for = 问：
predict-ask-next = 下一个扩展的格子
predict-ask-joins = 加入边界的格子
predict-check-joins = 检查我选的格子并前进一步
predict-ask-joins-now = 轮到你了：点击下一步会加入边界的每个格子（再点一次可取消），然后按“检查我选的格子并前进一步”。
link-naive-title = 朴素搜索（只标记格子，不区分方向）
link-naive-visiting = 朴素搜索在旁边每步访问一个格子，已访问 { $cells } 个；最后一个 { $last } 保留的是它第一次被到达时的方向。
link-naive-code-1 = queue ← [第一张牌]；把它标记为已访问，无方向，转弯 0 次
link-naive-code-2 = 当 queue 非空时：
link-naive-code-3 = {"    "}c ← queue.pop_front()
link-naive-code-4 = {"    "}若 c 是第二张牌：返回它的转弯次数
link-naive-code-5 = {"    "}对 c 的每个邻居 m（方向改变则转弯次数 + 1）：
link-naive-code-6 = {"        "}若 m 未访问：把它标记为已访问，记下这个方向和转弯次数；queue.push_back(m)（之后更好的方向会被拒绝）
link-naive-code-7 = 返回“连不上”
predict-push = 把 { $from } 的箱子推到 { $to }
predict-push-button = { $number }：箱子 { $from } → { $to }
hint-push-not-proven = 提示：把标出的箱子向{ $dir }推：从这里有一个推 { $pushes } 次的解，但未证明是最短的（由{ $search }找到）。
edit-solvable-not-proven = 有解：找到一个推 { $pushes } 次的解，但未证明是最少的（由{ $search }找到，{ $positions } 个局面）。
solve-portfolio = 用组合求解器求解
solve-portfolio-tip = 第 1 秒只运行 A*，之后 A*、贪心和从目标倒拉的贪心（普通的，以及新局面优先的）轮流运行，总共最多 10 秒：即使 A* 来不及证明最优解也能找到一个解。倒着把箱子从目标上拉出来，能按行得通的顺序清空目标房间，而正着推，大多数顺序都会卡死。在 12 个箱子以上的关卡上，特征空间搜索（FESS）也轮流运行：它看局面的特征（按顺序装好的箱子、打通的区域和房间之间的通道）来决定先走哪一步，并能一步把箱子推到下一个目标。A* 以外的搜索找到解后，A* 继续单独搜索；只有 A* 找到的解才会说是已证明最短。
auto-heading = 组合求解器：A*、贪心、倒拉贪心与特征空间搜索
auto-greedy-pulling = 贪心最佳优先（从目标倒着拉）
auto-meeting = 倒拉贪心与正向搜索的相遇
auto-greedy-pulling-short = 倒拉贪心
auto-novel-pulling = 倒拉贪心（新局面优先）
auto-novel-pulling-short = 新局面倒拉
auto-meeting-short = 相遇
auto-fess = 特征空间搜索（FESS）
auto-fess-short = 特征空间
fess-cells-heading = 特征空间：{ $cells } 个格子
fess-cells-about = 特征空间搜索把每个局面放进它的特征所在的格子，轮流在各个格子里走一步，先走探索得最少的格子；顾问提出的走法（把箱子推到下一个目标，打通一块区域或一条通道）权重为 0，所以先试。已装箱：按装箱顺序放上目标的箱子；区域：箱子把空格分成的区域数；通道：被箱子堵住的房间之间的通道；计划外：不按顺序放上目标的箱子；然后是格子里的局面数和从它们走出的步数。
fess-layout = { $rooms } 个房间，之间有 { $links } 条通道；{ $goals } 个目标分成 { $groups } 组，每组按装箱顺序填。
fess-packed = 已装箱
fess-areas = 区域
fess-links = 通道
fess-out-of-plan = 计划外
fess-positions = 局面
fess-moves = 走步
fess-cells-more = ……还有 { $more } 个格子。
fess-steps-heading = 按搜索的走步看这个解
fess-steps-about = { $moves } 步，共推 { $pushes } 次：一个宏算一步，后面列出箱子被推过的格子。
fess-step = { $number }. { $kind }（推 { $pushes } 次）：{ $squares }
fess-kind-push = 推一次
fess-kind-tunnel = 通道宏
fess-kind-goal-room = 目标房间宏
fess-kind-pack = 装箱宏
auto-alone = 只运行 A*，以求得到已证明最短的解（已用 { $seconds } 秒，共 10 秒）。
auto-turn = 轮流运行：现在轮到{ $search }（已用 { $seconds } 秒，共 10 秒）。
auto-over = 用时 { $seconds } 秒，已结束。
auto-search = 搜索
auto-stored = 已存储
auto-state = 状态
auto-running = 运行中
auto-gave-up = 已放弃
auto-stopped = 已停止
auto-found = 找到了解
auto-searched-all = 搜索了所有局面
auto-solved-optimal = 由{ $search }解出：推 { $pushes } 次，走 { $moves } 步，已证明推动次数最少。
auto-solved-not-proven = 由{ $search }解出：一个推 { $pushes } 次、走 { $moves } 步的解，未证明是最短的。
auto-no-solution = 无解：有一个搜索查遍了所有局面。
auto-unsolved = 10 秒内没有解出。
auto-held = 目前最好：{ $search }找到一个推 { $pushes } 次的解。A* 继续单独搜索，寻找最短的解。
auto-deadlocks = 正向推箱子的搜索共用的死锁表：{ $searches } 次围栏检查学到 { $patterns } 个死围栏，已用它判定 { $matches } 个局面为死局。
auto-unsolved-bound = 10 秒内没有解出；A* 证明了任何解至少要推 { $pushes } 次。

# Links that open a view (src/share.rs).
share-not-frontier = 这不是 Frontier 的链接（# 后面的部分不是以 v1. 开头）
share-other-version = 这个链接是另一个版本的 Frontier 生成的（{ $version }）
share-damaged = 链接已损坏（{ $why }）
share-cut-short = 链接不完整或已损坏
share-too-large = 链接里的内容超过 { $mib } MiB
share-bad-part = 链接里的{ $part }读不出来：{ $why }
share-part-board = 棋盘
share-part-search = 搜索算法
share-part-heuristic = 启发函数
share-part-level = 关卡
share-part-position = 局面
share-part-goal = 目标
share-part-snake = 贪吃蛇棋盘
share-part-pilot = 规划器
share-part-moves = 走法
share-not-on-puzzle = { $search } 只能在寻路棋盘上运行，不能用于数字华容道
share-snake-size = 它是 { $width } x { $height } 格；贪吃蛇棋盘每边 { $min } 到 { $max } 格
share-snake-ragged = 第 { $row } 行与第一行不一样长
share-snake-cell = 第 { $row } 行的 `{ $letter }` 既不是墙（#）也不是空地（.）
share-snake-long = { $moves } 步超过了链接最多能带的 { $max } 步
share-snake-letter = 第 { $at } 步的 `{ $letter }` 不是 l、u、r、d 之一
share-snake-over = 第 { $at } 步之前游戏已经结束
pasted-board = 粘贴的棋盘
paste-board-title = 粘贴棋盘
paste-board-text = 粘贴一个棋盘（Frontier 的棋盘文本，就是 .board 文件里的内容）或一张 Moving AI 地图：
paste-board-open = 打开
menu-paste-board = 粘贴棋盘…
menu-paste-board-tip = 从粘贴的文本打开一个棋盘或 Moving AI 地图（也可以在棋盘上按 Ctrl+V）
does-paste-board = 打开粘贴的棋盘
menu-copy-link = 复制链接
menu-copy-link-tip = 生成一个链接，打开它就能看到你现在看到的：棋盘（或关卡、课程页）、搜索算法和当前这一步
menu-open-link = 打开链接…
share-refused-title = 复制这个链接
share-refused-text = 浏览器没有让 Frontier 复制链接（{ $why }）。请选中下面的链接自己复制，或者分享它。
share-refused-field = 链接
share-refused-share = 分享…
share-refused-close = 关闭
share-window-title = 打开链接
share-window-text = 粘贴一个 Frontier 链接：它会打开生成链接时的棋盘、关卡、游戏、数字华容道局面或课程页。
share-window-field = 要打开的链接
share-window-open = 打开
share-copied = 链接已复制（{ $characters } 个字符），指向 { $page }：打开它的人会看到现在的画面。
share-copied-local = 链接已复制（{ $characters } 个字符），但它指向 { $page }，只有这台电脑能打开：请设置学生能打开的网页（文件 → 链接指向的网页…）。
share-page-empty = 还没有输入地址
share-page-not-web = { $page } 不是网页地址：网页地址以 http:// 或 https:// 开头
share-page-no-host = { $page } 在 http:// 或 https:// 后面没有服务器名
share-page-bad-letter = { $page } 里有空格或 #：网页地址里两者都不能有（画面放在 # 后面）
menu-link-page = 链接指向的网页…
menu-link-page-tip = 学生打开的网页地址，也就是 Frontier 网页版发布的地方：你复制的链接都指向那里。
link-page-title = 链接指向的网页
link-page-text = 你复制的链接会打开这个网页，并带上你现在的画面。请填写为学生发布 Frontier 网页版的地址：学校的服务器、GitHub Pages 或任何静态网站。
link-page-now = 现在链接指向 { $page }（{ $source }）。
link-page-local = 只有这台电脑能打开这个网页：学生点开链接什么也看不到。
link-page-source-chosen = 在这里设置的
link-page-source-environment = 来自环境变量 FRONTIER_PAGE
link-page-source-build = 这个版本发布时的网页
link-page-source-this-page = 程序正在运行的这个网页
link-page-source-unknown = 不知道任何网页
link-page-field = 网页地址
link-page-save = 使用这个网页
link-page-forget = 不再使用
link-page-forget-tip = 链接重新指向其他方式得知的网页（FRONTIER_PAGE、这个版本发布时的网页，或浏览器里的这个网页）。
link-page-close = 关闭
link-page-set = 现在链接指向 { $page }。
saved-link-page-reset = 已忘记链接指向的网页（{ $why }）
share-nothing = { $tab }还没有可以放进链接的内容：链接可以打开寻路棋盘、推箱子关卡、贪吃蛇游戏、连连看棋盘、数字华容道局面或课程页。
share-not-opened = 无法打开这个链接：{ $why }。什么都没有改变。
share-board-kept = 链接里的棋盘替换了你还没保存的棋盘。
share-board-back = 找回我的棋盘
share-board-keep-link = 保留链接的棋盘
share-no-lesson = 这里没有课程 { $id }，链接里也没有带上它
share-level = 链接里的关卡
share-stray-letter = 第 { $at } 个字符 `{ $letter }` 不会出现在链接里
dstar-plans-again = D* Lite 的第一次规划还没做完棋盘就改了：它在改过的棋盘上重新规划并追上进度（修补针对的是已做完的规划）。
preparing-board = 正在准备 { $width } x { $height } 的棋盘：算出每个格子能走的方向……
preparing-board-jumps = 正在准备 { $width } x { $height } 的棋盘：算出每个格子能走的方向和 JPS 的跳跃距离……
preparing-board-why = 每块棋盘只算一次，之后边画边更新；棋盘这么大要算一会儿，算好后搜索才开始。
preparing-board-runs-wait = 棋盘一准备好，搜索就开始。

## 数字华容道标签页（八数码 / 十五数码）
does-sliding-slide = 把朝该方向移动的数码滑入空格
does-sliding-shuffle = 打乱，开始新的一局
does-sliding-paste = 玩粘贴的局面
does-sliding-watch = 观看搜索时：播放、单步、后退、回到开头、到结尾
sliding-heading = 数字华容道
sliding-mode-play = 玩
sliding-mode-watch = 看搜索来解
sliding-mode-watch-tip = 下面选定的搜索从当前局面出发，一步一步求解：正在扩展的局面、它的边界（frontier）、它的伪代码。
sliding-status = 数字华容道 { $side } x { $side }   ·   { $moves } 步
sliding-score = 步数：{ $moves }   用时：{ $seconds } 秒
sliding-best = 最好：{ $moves } 步，{ $seconds } 秒
sliding-is-solved = 完成！
sliding-tile = 数码 { $tile }
sliding-undo = 撤销
sliding-restart = 重来
sliding-size = 大小
sliding-size-8 = 3 x 3（八数码）
sliding-size-15 = 4 x 4（十五数码）
sliding-size-n = { $side } x { $side }
sliding-goal = 目标
sliding-goal-blank-first = 空格在前（Korf 的）
sliding-goal-blank-last = 空格在后
sliding-goal-snail = 蛇形，空格居中
sliding-goal-custom = 下面输入的
sliding-goal-typed = 目标局面
sliding-set-goal = 设为目标
sliding-goal-kept-position = 目标变了：这一局从棋盘上的局面继续，步数重新计算。
sliding-other-size = 棋盘变成 { $side } x { $side }
sliding-new-game-title = 开始新的一局？
sliding-new-game-text = 棋盘上的这一局不能朝那个目标继续（{ $why }）：会重新打乱开始新的一局，这一局的 { $moves } 步就没有了。
sliding-new-game-yes = 新的一局
sliding-new-game-no = 保留这一局
sliding-goal-line = 目标：{ $goal }（{ $name }）
sliding-goal-board = 目标局面
sliding-goal-refused = 这个目标不是一个局面：{ $why }。
sliding-shuffle-moves = 随机步数
sliding-shuffle = 打乱
sliding-shuffle-tip = 新的一局：从目标出发让空格随机走这么多步，所以局面离目标最多这么多步（S）。
sliding-random = 随机局面
sliding-random-tip = 新的一局：从任意一个能到达目标的局面开始，每个局面的机会相同。
sliding-position = 局面
sliding-position-tip = 逐行写出数码，空格写 0（或 _ . x）：1 2 3 4 0 5 7 8 6。可以从书上或比赛题目里粘贴。
sliding-play-position = 玩这个局面
sliding-position-refused = 这个局面不能玩：{ $why }。
sliding-solved = 用 { $moves } 步、{ $seconds } 秒完成。
sliding-solved-best = 用 { $moves } 步、{ $seconds } 秒完成：步数和用时都是你在这个大小和目标上的最好成绩。
sliding-solved-fewest = 用 { $moves } 步完成：你在这个大小和目标上最少的步数。
sliding-solved-fastest = 用 { $seconds } 秒完成：你在这个大小和目标上最快的一次。
sliding-solved-helped = 按电脑的解法用 { $moves } 步完成：不计最好成绩。
sliding-unchanged = 这一局没有改变。
sliding-search = 搜索
sliding-heuristic = 启发函数
sliding-h-misplaced = 错位数码数
sliding-h-manhattan = 曼哈顿距离
sliding-h-linear-conflict = 曼哈顿距离 + 线性冲突
sliding-h-pdb = 模式数据库
sliding-h-zero = 无（h = 0）
sliding-h-inconsistent = 只在一半局面上用曼哈顿距离（可采纳的不一致启发函数）
sliding-compare = 与另一种搜索对比
sliding-compare-tip = 两种搜索并排求解同一个局面，一步对一步，画在同一张图上。
sliding-compare-search = 第二种搜索
sliding-compare-heuristic = 它的启发函数
sliding-predict = 预测下一步
sliding-predict-tip = 每一步之前，点击你认为搜索下一步会扩展的边界局面：搜索走这一步，并告诉你对不对，以及为什么。
sliding-predict-ask = 轮到你了：搜索下一步扩展哪个边界局面？点击它。
sliding-watch-hint = “看搜索来解”会从棋盘上的局面运行 { $search }。
sliding-tables-building = 正在生成模式数据库（十五数码的 6-6-3 分组表，11.5 MB）：生成好后搜索就开始。
sliding-tables-building-tip = 只生成一次，程序运行期间一直保留：笔记本电脑上几秒钟，浏览器里更久一些。
sliding-tables-cancel = 停止生成
sliding-tables-cancelled = 没有生成模式数据库，搜索没有开始。可以换一个启发函数，或者再点一次“看搜索来解”重新生成。
sliding-tables-failed = 无法生成模式数据库
sliding-play-solution = 在棋盘上走一遍这个解
sliding-play-solution-tip = 从搜索求解的那个局面起，在棋盘上一步一步走出找到的解；这样完成的一局不计最好成绩。
sliding-solution-elsewhere = 这次搜索开始以后棋盘已经动过了：请让搜索从现在的局面重新求解。
sliding-replaying = 正在走这个解：第 { $played } 步，共 { $moves } 步
sliding-replay-stop = 停下，自己接着走
sliding-replay-stop-tip = 解停在这里，从这个局面起由你来走（这样完成的一局仍不计最好成绩）。
sliding-expanded-board = 正在扩展的局面
sliding-expanded-start = 起点：还没有扩展任何局面。
sliding-expanded-goal = 目标从边界中取出：搜索结束。
sliding-expanded-values = 深度 { $depth }   g = { $g }   h = { $h }   f = { $f }
sliding-counts = 第 { $step } 步：已扩展 { $expanded }，边界中 { $frontier }，已访问 { $visited }
sliding-found = 用 { $moves } 步解出：
sliding-letters = 字母是空格的移动（U 上、D 下、L 左、R 右）；方向键移动的是数码，方向正好相反。
sliding-copy-moves = 复制全部步骤
sliding-copy-moves-tip = 把这 { $moves } 个字母放到剪贴板上。
sliding-frontier-heading = 边界：{ $count } 个局面，按搜索的排序列出前几个
sliding-frontier-earlier = 第 { $step } 步时的边界（搜索运行时只隔一会儿更新）：{ $count } 个局面，按搜索的排序列出前几个
sliding-frontier-board = 边界局面 { $place }：g { $g }，h { $h }，f { $f }
sliding-frontier-more = …… 还有 { $more } 个
sliding-code-heading = 伪代码
sliding-chart-heading = 每一步的边界（实线）和已访问（虚线）数量
sliding-finished-heading = 在这个局面上运行到底的搜索
sliding-finished-none = 还没有：把一种搜索运行到底（“到结尾”），再换一个启发函数运行一次来比较。
sliding-finished-numbers = 扩展 { $expanded } 次 · { $moves } 步 · b* { $branching }
sliding-finished-unsolved = 扩展 { $expanded } 次 · 没有解
sliding-depth-heading = 每一层深度的扩展数（对数刻度）：更好的启发函数砍掉了深层。
sliding-narrate-ready = 准备好了：边界里只有起点。
sliding-narrate-from-goal = （从目标一侧）
sliding-narrate-expanded = 扩展了深度 { $depth } 的一个局面{ $side }（g { $g }，h { $h }）：{ $added } 个新局面进入边界，{ $improved } 个找到了更短的路。
sliding-narrate-found = 目标从边界中取出：扩展 { $expanded } 次后用 { $moves } 步解出。
sliding-narrate-exhausted = 边界空了：没有局面可以扩展。
sliding-narrate-gave-up = 扩展 { $expanded } 次后停下：搜索到达了上限。
# A text shown as it is, in any language.
plain-text = { $text }

# 滑块拼图的局面：读入与检查。
puzzle-count = 一个拼图有 4、9、16 或 25 个数（2 x 2 到 5 x 5），这里是 { $count } 个
puzzle-not-a-tile = { $tile } 不是 { $side } x { $side } 拼图的数码（0 到 { $last }）
puzzle-twice = { $tile } 出现了两次
puzzle-not-a-number = `{ $word }` 不是数码的编号
puzzle-too-many = 一个拼图最多有 25 个数（5 x 5）
puzzle-bad-letter = 第 { $at } 步：`{ $letter }` 不是 U、D、L 或 R
puzzle-blocked-move = 第 { $at } 步：空格在那里不能往{ $way }走
puzzle-other-size = 目标是 { $goal } x { $goal }，局面却是 { $side } x { $side }
puzzle-unsolvable = 无解：每走一步，空格都和一个数码交换，并移动一格，所以“变成目标所需的交换次数”和“空格到它在目标中位置的距离”的奇偶性总是一起改变；这里交换次数是{ $swaps }，距离是{ $distance }
puzzle-odd = 奇数
puzzle-even = 偶数

# 判断学生写的搜索（judged.rs）。
judge-ucs = 一致代价搜索
judge-follows = 这是本问题上正确的{ $rule }：{ $expansions } 次扩展，每一次都符合规则，返回的路径也符合它的承诺。
judge-step = 第 { $step } 步：{ $what }
judge-not-reached = 你扩展了 { $state }，但之前没有任何一步生成过它。
judge-expanded-again = 你再次扩展了 { $state }（第一次在第 { $first } 步）：图搜索用已访问集合，每个状态只扩展一次。
judge-order-bfs = 你扩展了深度为 { $mine } 的 { $state }，但深度为 { $theirs } 的 { $waiting } 还在你的边界里：BFS 先扩展完深度为 { $theirs } 的所有状态。
judge-order-dfs = 你扩展了 { $state }，但比它后生成的 { $waiting } 还在你的边界里：DFS 先取最新的状态。
judge-order-ucs = 你扩展了 g = { $mine } 的 { $state }，但 g = { $theirs } 的 { $waiting } 还在你的边界里：一致代价搜索先取 g 最小的。
judge-order-astar = 你扩展了 f = g + h = { $mine } 的 { $state }，但 f = { $theirs } 的 { $waiting } 还在你的边界里：A* 先取 f 最小的。
judge-order-greedy = 你扩展了 h = { $mine } 的 { $state }，但 h = { $theirs } 的 { $waiting } 还在你的边界里：贪心搜索先取 h 最小的。
judge-like-stack = 你的边界表现得像一个栈。
judge-like-queue = 你的边界表现得像一个队列。
judge-like-last-step = 你只按最后一步的代价给边界排序；g 是从起点出发的全部代价。
judge-like-only-g = 你只按 g 给边界排序；A* 还要加上 h。
judge-like-only-h = 你只按 h 给边界排序；A* 还要加上 g。
judge-past-goal = 你在扩展了终点 { $goal } 之后还在继续。
judge-bad-path = 你返回的路径在第 { $at } 个状态处断开（从 0 数起）：路径要从起点出发，每次走一步，在终点结束。
judge-not-fewest = 你的路径有 { $moves } 步，但最短的只有 { $best } 步：BFS 找到步数最少的路径。
judge-not-cheapest = 你的路径代价为 { $cost }，但最便宜的为 { $best }：{ $rule }找到代价最小的路径。
judge-missed-goal = 你没有返回路径，但终点是可以到达的。
judge-stopped-early-ucs = 你返回的路径代价为 { $cost }，但 g = { $theirs } 的 { $waiting } 还在你的边界里：一致代价搜索在从边界取出目标时才检查目标，而不是在生成时，这样它的路径才一定代价最小。
judge-stopped-early-astar = 你返回的路径代价为 { $cost }，但 f = g + h = { $theirs } 的 { $waiting } 还在你的边界里：A* 在从边界取出目标时才检查目标，而不是在生成时，这样它的路径才一定代价最小。

# 学生自己用 Python 写的搜索（crates/script）。
script-limit-expansions = 已在 { $limit } 次扩展（调用 successors）的上限处停止。
script-limit-calls = 调用 Frontier { $limit } 次后停止：你的程序不停地调用 is_goal、h 或边界（frontier），却不扩展。
script-limit-recursion = 已停止：函数调用嵌套超过 { $limit } 层（RecursionError）。是不是有函数无休止地调用自己？
script-limit-memory = 已停止：程序的数据占用超过 { $megabytes } MB（MemoryError）。
script-limit-stretch = 已停止：程序运行了 { $seconds } 秒都没有调用 successors、is_goal 或边界。是不是有一个永不结束的循环？
script-limit-output = 已停止：程序打印的内容超过 { $kilobytes } KB。
script-limit-total = 已停止：你的程序总共运行超过 { $seconds } 秒。你的函数是否比需要的慢得多？
script-not-a-number = { $function }({ $state }, goal) 返回了 { $returned }：启发函数应返回一个数。
script-no-system = Frontier 运行你的代码时不能访问文件、网络和系统。
script-no-async = Frontier 不运行异步（async）代码。
script-undefined = 你的程序没有定义函数 `{ $function }`：请按题目要求写出 `def { $function }(…):`。
script-not-a-path = { $function }(problem) 应返回从起点到目标的状态列表，或 None；它返回了 { $returned }。
script-one-state = problem.{ $method }() 只接受一个状态。
script-not-a-state = problem.{ $method }() 接受一个状态，即形如 { $example } 的元组；它收到的是 { $value }。
script-container-changed = 边界（frontier）自己的字段（_id、_next、_entries）被改动了。
script-priority-number = 优先级必须是数字。
script-container-empty = 从空的边界中 pop

# Grading a submission (crates/script/src/grade.rs).
grade-all-passed = { $tests ->
    [one] 测试通过。
   *[other] 全部 { $tests } 个测试通过。
}
grade-first-failed = { $tests } 个测试通过了 { $passed } 个。“{ $test }”：{ $why }
grade-hidden-state = 一个状态
grade-hidden-other-state = 另一个状态
grade-hidden-raised = 你的函数在这个隐藏测试上引发了 { $kind }（不显示它的消息：其中可能有测试的状态）。
grade-hidden-not-a-path = { $function }(problem) 返回的不是从起点到目标的状态列表，也不是 None（隐藏测试不显示返回值）。
grade-hidden-flaw = { $admissible ->
    [true] 在一个隐藏测试的地图上不是一致的启发函数：沿某一步，你的估计减少得比这一步的代价还多。
   *[false] 在一个隐藏测试的地图上不可采纳：某处你的估计超过了到目标的真实代价。
}
grade-report-ok = 通过
grade-report-fail = 未通过
grade-report-hidden = （隐藏）
grade-astar-expanded = 用你的启发函数，A* 扩展了 { $expansions } 个状态。
grade-heuristic-full = 可采纳、是一致的启发函数，用它的 A* 共扩展 { $expansions } 个状态：满分。
grade-heuristic-tier = 可采纳且一致；用它的 A* 共扩展 { $expansions } 个状态，得 { $score } 分：不超过 { $within } 个可得更高分。
grade-admissible-consistent = 可采纳且一致
grade-checked-states = 已在全部 { $states } 个状态及它们之间的每一步上检查。
grade-expansions-in-all = 扩展总数
grade-not-admissible = 不可采纳：{ $function }({ $state }, { $goal }) = { $value }，但这个状态离目标只有 { $distance }。启发函数绝不能高估。
grade-not-consistent = 不是一致的启发函数：{ $function }({ $state }, { $goal }) = { $value }，但走一步（代价 { $cost }）到 { $next }，那里的值是 { $next_value }。走一步，h 最多只能减少这一步的代价。

## The code panel: the student's own search in Python.
algo-your-code = 你的代码
predict-rule-your-code = 你的程序接下来扩展它从边界中取出的状态
code-run = 运行代码
code-run-tip = 在这个棋盘上运行程序，并从第 0 步开始显示它的搜索（Ctrl+Enter）
code-check = 对照检查
code-check-none = 不检查
code-running = 正在运行你的程序……已扩展 { $expansions } 次
code-edited = 棋盘显示的是程序上次运行的结果：点“运行代码”查看你的修改。
code-program = 你的程序（Python）
code-console = 输出
code-console-empty = 程序用 print() 打印的内容会在这里逐步显示。
code-waiting = 正在运行你的程序……
code-stopped = 你的程序停止了：{ $why }
code-show-step = 显示第 { $step } 步
code-no-check = 在“对照检查”中选一种搜索，就能判定你的运行。
code-bring-back = 换回我的程序
code-bring-back-tip = 链接把它自带的程序放进了编辑器；点这里换回你的程序（之后还可以再换回链接的程序）。
sliding-frontier-heading-code = 你的边界中有 { $count } 个局面，按离起点由近到远列出前几个（你的程序按它自己的顺序取出）
sliding-frontier-earlier-code = 运行中显示的是第 { $step } 步时你的边界：{ $count } 个局面，按离起点由近到远列出前几个
code-worker-failed = 浏览器里的 Python 停止了（{ $why }）。再点一次运行会重新启动它。
code-thread-failed = Python 没有给出结果就停止了。再点一次运行会重新启动它。

## The assignment panel (src/app/assignments).
assignments-title = 作业
assignments-close = 关闭
assignments-all = 全部作业
assignments-open = 打开
assignments-open-named = 打开作业“{ $title }”
assignments-open-file = 打开作业文件…
assignments-last-check = 上次检查：可见测试 { $score } / { $max } 分
assignments-size = { $questions } 道题，{ $points } 分
assignments-handout = 作业说明
assignments-points = { $points } 分
assignments-your-file = 你的文件（所有题目的函数写在一个 Python 文件里）
assignments-check = 检查
assignments-check-tip = 用你能看到的测试运行你的文件（Ctrl+Enter）。隐藏测试在老师评分时运行。
assignments-checking = 正在检查…
assignments-edited = 上次检查后已修改。
assignments-score = 可见测试：{ $score } / { $max } 分。其余分数由隐藏测试在老师评分时给出（总分 { $total }）。
assignments-test-passed = 通过：{ $test }
assignments-test-failed = 未通过：{ $test }
assignments-show = 在地图上显示
assignments-show-named = 在地图上显示“{ $test }”并运行你的搜索（检查之后停在违反规则的那一步）
assignment-export = 导出我的作业…
assignment-exported = 你的作业已保存到 { $file }：提交这个文件。
assignment-shim-comment = Frontier：地图把本题的函数当作 search 运行
dialog-assignments = 作业
dialog-open-assignment = 打开作业
dialog-python = Python 文件
menu-assignments = 作业
menu-open-assignment = 打开作业文件…

## 八数码的搜索树与 OPEN 表、CLOSED 表
search-tree-title = 搜索树：{ $search } · 第 { $step } 步
search-tree-legend-depth = 每个棋盘下：结点名和 g，即从初始状态走的步数。
search-tree-legend-cost = 每个棋盘下：结点名和 g(n)，即从初始状态来的代价；搜索先取 g 最小的。
search-tree-legend-greedy = 每个棋盘下：结点名和 { $h }(n)；贪心搜索先取最小的。
search-tree-legend-astar = 估价函数 f(n) = d(n) + { $h }(n)。每个棋盘下：结点名，然后 d + { $h } = f。
search-tree-legend-weighted = 估价函数 f(n) = d(n) + { $weight } × { $h }(n)。每个棋盘下：结点名，然后 d + { $weight } × { $h } = f。
search-tree-marks = 圆圈数字：扩展顺序。虚线框：在 OPEN 表中。浅色：重复的状态，不保留。
search-tree-repeat = 重复
search-tree-replaced = （已被替换）
search-tables-title = OPEN 表和 CLOSED 表：{ $search }
search-tables-step = 步骤
search-tables-taken = 扩展的结点
search-tables-open = OPEN 表
search-tables-closed = CLOSED 表
search-tables-goal = （目标）
search-tables-no-solution = OPEN 表为空：无解
sliding-view-boards = 棋盘
sliding-view-tree = 搜索树
sliding-view-tables = OPEN/CLOSED 表
sliding-view-label = 中间显示的内容
sliding-tree-not-best-first = 搜索树和 OPEN 表、CLOSED 表只为有一张 OPEN 表的搜索画出：BFS、DFS、Dijkstra、A*、加权 A* 和贪心搜索。请选其中一个。
sliding-tree-full = 搜索树画到第 { $step } 步、{ $nodes } 个结点为止：再多就看不清了。搜索在“棋盘”视图里继续。
sliding-tree-zoom = 拖动平移，Ctrl + 滚轮或双指缩放。
sliding-tree-fit = 适应窗口
export-png-tree = 这一步的搜索树（PNG）
export-svg-tree = 这一步的搜索树（SVG）
export-png-tables = 到这一步的 OPEN 表和 CLOSED 表（PNG）
export-svg-tables = 到这一步的 OPEN 表和 CLOSED 表（SVG）
export-md-tables = 到这一步的 OPEN 表和 CLOSED 表（Markdown）
sliding-view-heuristics = 启发函数对比表
sliding-compare-intro = 在每个深度上取 { $per_depth } 个随机局面（每个离目标恰好那么多步），用每个启发函数跑 A*：扩展数的平均值及其有效分支因子 b*，N + 1 = 1 + b* + b*^2 + … + b*^d。
sliding-compare-refused = 这张表只为八数码制作：{ $why }
sliding-compare-progress = 已完成 { $done } / { $all } 次搜索
sliding-compare-count = 计数
sliding-compare-expanded = 扩展的局面
sliding-compare-generated = 生成的局面
sliding-compare-depth = 深度
sliding-compare-book = Russell 和 Norvig 的表（《Artificial Intelligence: A Modern Approach》第 3 版，图 3.29）数的是生成的结点，目标是空格在最前的局面：深度 12 时错位数码数 227、曼哈顿距离 73；深度 20 时 7,276 和 676。Frontier 的计数更低（docs/searches.md 说明了原因），形状相同。
sliding-path-only = 只保留路径（教材里的 IDA*）
sliding-path-only-tip = 不用表记下每一轮到达过的局面：运行只保存当前路径和路径上还没试的走法，沿另一条路径再次到达的局面会再扩展一次。Korf 的 IDA*（1985）就是这样。
sliding-path-only-short = 只保留路径
sliding-memory = 占用内存：{ $memory }
lesson-code-fields = 页面自己的搜索需要同时给出 `program`（代码面板打开时的骨架）和 `check`（bfs、dfs、ucs、astar 或 greedy）
lesson-code-question-needs-program = “code”题要求它的页面给出 `program` 和 `check`
lessons-write-then-check = 在代码面板里补全程序，按那里的“运行”；然后在这里检查。
lessons-check-code = 检查我的搜索
lessons-run-code-first = 先运行你的程序（代码面板里的“运行”）：现在还没有可以评判的东西。
sliding-compare-ids = IDS：只保留路径的迭代加深搜索（到深度 10；不统计它生成的局面）
sliding-compare-ids-column = IDS
