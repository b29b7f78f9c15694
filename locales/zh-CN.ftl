# Frontier 的简体中文消息。每个键都与 en.ftl 中的键一一对应，占位符相同
# （cargo test --test i18n 会检查）。

## 整个应用

tab-pathfinding = 寻路
tab-sokoban = 推箱子
tab-snake = 贪吃蛇
tab-link = 连连看

menu-file = 文件
menu-edit = 编辑
menu-view = 视图
menu-help = 帮助
menu-language = 语言
menu-shortcuts = 键盘快捷键  (F1)

help-title = 键盘快捷键
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
saved-bad-time = { $time } 不是有效的时间（棋盘 { $board }）
saved-board-damaged = 它已损坏（{ $why }）
saved-no-speed = 没有速度档位 { $speed }
saved-snake-side = 边长应为 { $min } 到 { $max } 格，而不是 { $side }
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
heuristic-manhattan = 曼哈顿距离
heuristic-euclidean = 欧几里得距离
heuristic-octile = 八向距离（octile）
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
a-preset = 预设
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
pf-overestimates = 注意：这个启发函数在这里可能高估，路径不一定是代价最小的。
pf-moves = 移动方式
pf-four-directions = 4 个方向
pf-eight-directions = 8 个方向
pf-compare = 并排比较
pf-compare-with = 对比
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
pf-show-current = 正在展开的结点
pf-show-path = 路径
pf-show-parents = 父结点箭头
pf-show-numbers = g / h / f
pf-zoom-in = 用鼠标滚轮放大可看到更多：格子 { $arrows } 像素起显示父节点箭头，{ $f } 像素起显示 f，{ $ghf } 像素起显示 g、h、f。现在格子是 { $cell } 像素。
pf-eraser = 橡皮擦（{ $terrain }）
pf-tool-start = 起点
pf-tool-goal = 终点
pf-edit-help = 拖动绘制；拖动 S 或 G 移动它们；滚轮缩放，中键或空格拖动平移，F 适合窗口。
legend = 图例
legend-visited = 已访问
legend-frontier = 边界（frontier）
legend-visited-back = 已访问（反向）
legend-frontier-back = 边界（反向）
legend-path = 路径
legend-current = 正在展开
pf-pseudocode = { $algorithm } 的伪代码
pf-chart = 边界大小（实线）与已访问数（虚线）随步数的变化
stats-at-step = 当前步数
stats-expanded = 已展开
stats-frontier = 边界
stats-visited = 已访问
stats-path = 路径
stats-path-found = { $moves } 步，代价 { $cost }
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

narrate-ready = 准备好了：边界（frontier）中只有起点 { $start }。按“播放”，或按“单步”（右方向键）展开它。
narrate-forward-side = 正向一侧：
narrate-backward-side = 反向一侧：
narrate-expanded = { $side }展开 { $cell }：{ $costs }；加入 { $added } 个邻居{ $improved ->
        [0] {""}
       *[other] ，改进 { $improved } 个邻居
    }。
narrate-found = { $side }到达终点：路径共 { $moves } 步，代价 { $cost }。
narrate-found-plain = 到达终点。
narrate-exhausted = 边界已空：从起点到不了终点。
narrate-stopped = 已停止。
limit-expansions = 展开 { $count } 次后放弃
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
preset-diagonal-squeeze-notes = 两堵墙只在 (9,5)-(10,6) 处的角上相接。8 方向移动时不能切过墙角，所以没有路径能从斜缝中穿过：要沿最下面一行绕过去。有斜向移动时曼哈顿距离会高估：用 A* 试试，并与八向距离比较代价。
preset-maze = 迷宫
preset-maze-notes = 一个完美迷宫（任意两格之间只有一条路）。DFS 钻进一条走廊，可能很早也可能很晚才碰到终点；BFS 均匀地铺开；A* 帮助不如在空地上大，因为启发函数总是指向墙。
preset-open-field = 空地
preset-open-field-notes = 没有任何阻挡。BFS 和 Dijkstra 在起点周围铺开一个菱形（或正方形）；A* 沿一条细带径直走向终点。试试不同的启发函数：零让 A* 变成 Dijkstra；8 方向时曼哈顿距离会高估。
preset-rooms-with-doors = 带门的房间
preset-rooms-with-doors-notes = 九个房间由不对齐的门连在一起。用曼哈顿距离的 A* 会被拉向终点所在的墙，只好退回来找门；比较 BFS、Dijkstra 和 A* 的边界。
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
sk-hint-tip = H：求解器算出从当前局面出发最短解的第一次推动
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
scenario-field-count = 应有 9 个以制表符分隔的字段，实际有 { $count } 个
scenario-not-a-whole-number = { $field } `{ $word }` 不是整数
scenario-bad-optimal = 最优长度 `{ $word }` 不是数字
scenario-empty = 场景文件中没有任何查询
link-bad-size = { $width } x { $height } 的棋盘：每条边必须是 1 到 { $max }
link-unknown-line = 应为 `size W H` 或 `tiles`，实际为 `{ $line }`
link-no-size-line = 棋盘缺少 `size` 行
link-row-length = 第 { $row } 行有 { $cells } 格，但宽度是 { $width }
link-bad-tile = 第 { $column } 列的 `{ $symbol }` 既不是 `.` 也不是字母或数字
link-unpaired = 图块 `{ $tile }` 出现了奇数次：每个图块都需要一个配对
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
edit-solvable-tip = 如果关卡有解，A* 会算出它最少需要推几次
edit-play-it = 试玩
edit-save-xsb = 另存为 XSB…
edit-solving = 求解中…已查看 { $positions } 个局面
edit-solvable-in = 有解：最少推 { $pushes } 次（A*，{ $positions } 个局面）。
edit-no-solution = 无解：没有任何推法能把每个箱子都推到目标上。
edit-undecided = 未能判定：求解器{ $why }。
hint-thinking = 思考中…已查看 { $positions } 个局面
hint-push = 提示：把标出的箱子向{ $dir }推（还要推 { $pushes } 次）。
hint-no-solution = 从这里已经无解：撤销几步（Ctrl+Z）。
hint-gave-up = 没有提示：求解器{ $why }。
cmp-heading = BFS、DFS、A* 与贪心并排比较
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
solve-pushes-so-far = 已推次数 (g)
solve-pushes-left = 剩余推动次数的下界 (h)
solve-moves-so-far = 已走步数 (g)
solve-moves-left = 剩余步数的下界 (h)
solve-dead-end = 无（死局）
solve-solved = 已解出。
solve-no-solution = 无解：所有可达的局面都已搜索过。
solve-bound-pushes = 未解出：{ $why }。任何解都至少需要推 { $bound } 次（已扩展局面中最大的 { $measure }）。
solve-bound-moves = 未解出：{ $why }。任何解都至少需要 { $bound } 步（已扩展局面中最大的 { $measure }）。
solve-not-solved = 未解出：{ $why }。
solve-searching = 搜索中…
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
solve-compare = 四种一起比较
solve-compare-tip = 在这一关上并排运行 BFS、DFS、A* 和贪心
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
snake-over-wall = 游戏结束：蛇撞到了墙。按 R 再玩一次。
snake-over-body = 游戏结束：蛇咬到了自己。按 R 再玩一次。
snake-won = 胜利：蛇占满了整个棋盘！
snake-step-tip = 走一步（. 或 Enter）
snake-moves-per-second = {" "}步/秒
snake-who-steers = 谁来操控（1、2、3）
snake-pilot-you = 你（方向键或 WASD）
snake-pilot-classic = 经典规划器
snake-pilot-cycle = 回路规划器（永不失败）
snake-show-plan = 显示计划
snake-show-cycle = 显示哈密顿回路
snake-board = 棋盘
snake-paint-walls = 画墙（在棋盘上点击或拖动）
snake-clear-walls = 清除墙
snake-keys = 按键：方向键/WASD 转向，空格暂停，. 或 Enter 走一步，逗号显示决策的一部分，R 重新开始，1/2/3 选择操控者，+/- 调速度。
snake-high-score = 新的最高分：{ $score }
snake-no-cycle = 回路规划器无法玩这个棋盘：{ $why }。
snake-you-steer = 现在由你操控。选一个规划器，看看它怎么思考。
snake-classic-heading = 经典规划器
snake-classic-about = 每一步：从食物出发做一次 BFS（身体当作墙），得到每一格到食物的距离。一条虚拟蛇沿最短路径吃到食物；只有当虚拟蛇头此后仍能到达自己的尾巴时，才采用这个计划。否则蛇跟着尾巴走；如果没有安全的走法，就选一个眼下不会死的方向。
snake-step-decision = 逐步查看决策
snake-step-decision-tip = 逗号
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
link-tiles-left = 剩余 { $tiles } 块，种子 { $seed }
link-tiles-left-best = 剩余 { $tiles } 块，种子 { $seed }，最佳 { $best } 秒
link-cleared = 全部消除！
link-hint = 提示
link-shuffle = 洗牌
link-undo = 撤销
link-undo-tip = U 或 Ctrl+Z
link-stop-computer = 让电脑停下
link-let-computer = 让电脑来消除
link-show-search = 显示每次连线搜索
link-guided = 用还需要的转弯数来引导（A*）
link-guided-tip = 不勾选：一致代价搜索，已转弯最少的先出，沿每条射线扩散。勾选：A* 再加上还需要的转弯数（从第二个图块倒推算出），直奔目标。
link-naive = 与朴素搜索比较（只标记格子，不区分方向）
link-search-speed = 搜索速度
link-steps-per-second = {" "}步/秒
link-new-board = 新棋盘
link-gravity = 重力（图块会下落）
link-deal = 发牌
link-help = 点击两个相同的图块：如果能用最多三段直线穿过空格（或绕到棋盘外面）把它们连起来，它们就会被消除。
link-opened = 已打开 { $name }：按“玩这个棋盘”开始玩。
link-not-opened = 无法打开：{ $why }
link-own-board = 你自己的棋盘
link-paint = 摆放图块（点击格子）
link-erase = 擦除
link-play-board = 玩这个棋盘
link-save = 保存…
dialog-open-link = 打开连连看棋盘
dialog-save-link = 保存连连看棋盘
menu-preset-link = 预设连连看棋盘
link-cannot-play = 这个棋盘无法玩：{ $why }。
link-shuffled = 没有可以消除的一对：图块已重新洗牌。
link-cleared-helped = 在电脑帮助下用 { $seconds } 秒消除完毕（不计最佳时间）
link-cleared-best = 用 { $seconds } 秒消除完毕，得 { $score } 分——新的最佳时间！
link-cleared-in = 用 { $seconds } 秒消除完毕，得 { $score } 分
link-computer-stuck = 按现在的局面，电脑找不到消除完的办法；试试洗牌。
link-hold-search = 暂停搜索
link-step-search = 单步搜索
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

panel-open-left = 显示左侧面板（[）
panel-close-left = 隐藏这个面板（[）
panel-open-right = 显示右侧面板（]）
panel-close-right = 隐藏这个面板（]）
keys-brackets = [ / ]
does-toggle-panels = 隐藏或显示左侧 / 右侧面板
algo-wastar-short = 加权 A*（{ $weight }）
algo-greedy-short = 贪心
view-scale = 界面缩放
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
opened-map-rules = 已打开 { $name }：这是 Moving AI 地图，已改用它的最优长度所依据的规则：8 个方向、八向距离（octile）、不切角（Ctrl+Z 可撤销）
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
legend-snake-tail-search = 圆点：追尾检查搜到的格子
legend-snake-plan = 计划路径；空心方块：吃到食物后的蛇
legend-snake-shortcut = 计划的走法（沿环路抄近道）
legend-snake-cycle = 哈密顿环路
legend-link-selected = 选中的图块
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
    1. 按“单步”（或右方向键）看搜索一次展开一个节点；“播放”连续运行，“后退”和时间轴可以往回看。
    2. 颜色：橙色格子是边界（等待展开），蓝色是已访问，深色方框是正在展开的节点，深红色的线是找到的路径。
    3. 用左侧的工具在棋盘上画墙和地形，拖动 S 或 G 移动起点和终点：搜索会重新开始并追上进度。
    4. 换一个算法，或勾选“并排比较”让两个算法比赛。右侧面板显示正在执行的伪代码行、数字和图表。[ 和 ] 隐藏侧面板；F11 进入演示模式。
start-sokoban =
    1. 把每个箱子推到目标上。方向键或 WASD 走路；点击一格走到那里；拖动箱子把它推过去。U 或 Ctrl+Z 撤销，R 重来。
    2. 卡住了？“提示”给出解法的下一推；红框标出再也到不了目标的箱子。
    3. “求解”让搜索一步步来做：红色阴影表示它的状态里箱子常在的位置，蓝点表示玩家能走到的格子。“四种一起比较”让 BFS、DFS、A* 和贪心比赛。
    4. “编辑关卡”可以画自己的关卡；“有解吗？”让求解器回答。
start-snake =
    1. 用方向键或 WASD 控制方向；空格暂停。吃到食物，别撞墙，也别撞到自己。
    2. 按 2 使用经典规划器：蓝色阴影是到食物的距离，橙色圆点是追尾检查，右侧面板说明每一步为什么这样走。
    3. 按 3 使用环路规划器：它沿哈密顿环路走（会抄近道），永远不会输。
start-link =
    1. 点击两个相同的图块：它们之间要有一条最多三段直线（转两次弯）的路径，经过空格或绕过棋盘外圈。
    2. H 给出一对可以消除的图块，S 重新洗牌；两者都会扣分。
    3. 勾选“显示每次连线搜索”，观看按格子和方向进行的广度优先搜索；颜色表示到达每一格转了几次弯。
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
menu-export = 导出图片或 GIF…
export-title = 导出
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
dialog-export = 导出
dialog-png = PNG 图片
dialog-svg = SVG 图片
dialog-gif = GIF 动画
menu-export-snake = 把贪吃蛇棋盘导出为 PNG…
menu-export-sokoban = 把推箱子局面导出为 PNG…
export-cannot-encode = 无法编码图片：{ $why }
render-cell-range = 格子大小 { $cell } 像素不在 1..=64 之内
render-too-large = { $width } x { $height } 像素的图片超过每边 8192 像素：请选小一些的格子
render-empty = 空棋盘没有图片
render-fps-range = 每秒 { $fps } 帧不在 1..=50 之内
render-steps-order = 起始步（{ $from }）在结束步（{ $to }）之后
render-gif-failed = 无法写入 GIF：{ $why }
render-png-failed = 无法编码 PNG：{ $why }
render-cancelled = 导出已取消
render-nothing = 没有可以做成动画的内容
