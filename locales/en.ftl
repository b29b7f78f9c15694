# Frontier's messages in English. Every key here has a twin in zh-CN.ftl with the same
# placeables (cargo test --test i18n checks).

## The app as a whole

tab-pathfinding = Pathfinding
tab-sokoban = Sokoban
tab-snake = Snake
tab-link = Link
tab-sliding = Sliding puzzle

menu-file = File
menu-edit = Edit
menu-view = View
menu-help = Help
menu-language = Language
menu-shortcuts = Keyboard shortcuts  (F1)

help-title = Keyboard shortcuts
help-close = Close
help-anywhere = Anywhere
keys-f1 = F1 or ?
does-help = this help

notice-problem = Problem
notice-ok = OK

saved-state-unusable = The saved state could not be used: { $why }. Frontier started fresh.
saved-state-partly-reset = Part of the saved state could not be used; the rest came back:
    { $resets }
saved-state-more-resets = …and { $count } more
saved-state-field-reset = { $part }: { $field } was reset: { $why }
saved-state-not-state = it is not a saved state ({ $why })
saved-state-no-version = it is not a saved state (it has no version)
saved-state-other-version = it is from another version (format { $version })

error-not-text = it is not a text file
the-dropped-file = the dropped file

## What happens to a saved state that cannot be used

part-pathfinding = the Pathfinding tab
part-pathfinding-settings = the Pathfinding tab's settings
part-pathfinding-playback = the Pathfinding tab's playback
part-sokoban = the Sokoban tab
part-snake = the Snake tab
part-link = the Link tab
part-sliding = the Sliding puzzle tab
saved-bad-time = { $time } is no time (board { $board })
saved-board-damaged = it is damaged ({ $why })
saved-no-speed = there is no speed { $speed }
saved-snake-side = a side is { $min } to { $max ->
        [one] { $max } cell
       *[other] { $max } cells
    }, not { $side }
saved-sliding-side = a side is { $min } to { $max ->
        [one] { $max } tile
       *[other] { $max } tiles
    }, not { $side }
saved-sliding-goal-size = the goal is not a { $side } x { $side } arrangement
saved-sliding-best = the best result for { $key } could not have been played
saved-sliding-search = { $search } searches a grid of cells, not a puzzle
saved-snake-walls = the walls are not { $height ->
        [one] { $height } row
       *[other] { $height } rows
    } of { $width } `#` or `.`
saved-snake-speed = { $speed } is not { $min } to { $max ->
        [one] { $max } move
       *[other] { $max } moves
    } a second
saved-levels-damaged = the levels are damaged ({ $why })
saved-level-number = the collection has levels 1 to { $count }, not { $number }
saved-solve-algorithm = Sokoban's Solve does not offer { $algorithm }

saved-file-folder = The saved state { $file } is a folder, not a file.
saved-file-cannot-open = cannot be opened: { $why }
saved-file-unreadable = The saved state { $file } { $why }.
saved-file-empty = is empty
saved-file-garbled = cannot be read ({ $why })
saved-file-moved = It was moved to { $copy }, and Frontier started fresh.
saved-file-not-moved = It could not be moved aside ({ $why }); Frontier started fresh and will write over it.
saved-file-copied = A copy of the saved state is kept at { $copy }.
saved-copied-in-browser = A copy of the saved state is kept in this browser's storage, under { $key }.
saved-file-not-copied = (A copy of the saved state could not be kept: { $why }.)
saved-window-dropped = The window's saved size and place could not be used ({ $why }): it opens at its usual size.
saved-window-stuck = The window's saved size could not be used ({ $why }), nor removed: { $error }.
saved-window-size = a size of { $size }
saved-window-scale = a scale of { $scale }
saved-window-place = a place of { $place }

## Names of things

algo-bfs = BFS
algo-dfs = DFS
algo-dijkstra = Dijkstra
algo-astar = A*
algo-wastar = Weighted A* (w = { $weight })
algo-wastar-kind = Weighted A*
algo-greedy = Greedy best-first
algo-bibfs = Bidirectional BFS
algo-bidijkstra = Bidirectional Dijkstra
algo-biastar = Bidirectional A*
algo-iddfs = Iterative deepening DFS
algo-idastar = IDA*
algo-jps = Jump Point Search
algo-dstar-lite = D* Lite
algo-theta = Theta*
heuristic-manhattan = Manhattan
heuristic-euclidean = Euclidean
heuristic-octile = Octile
heuristic-chebyshev = Chebyshev
heuristic-zero = Zero
generator-backtracker = Recursive backtracker
generator-prim = Randomised Prim
generator-kruskal = Randomised Kruskal
generator-division = Recursive division
generator-scatter = Random scatter
generator-scatter-density = Random scatter ({ $percent }% walls)
terrain-floor = floor
terrain-ground = ground
terrain-wall = wall
terrain-out-of-bounds = out of bounds
terrain-trees = trees
terrain-grass = grass
terrain-mud = mud
terrain-swamp = swamp
terrain-water = water
terrain-sand = sand
dir-up = up
dir-right = right
dir-down = down
dir-left = left

## Keys and what they do (the help)

keys-space = Space
keys-right = Right arrow
keys-left = Left arrow
keys-home = Home
keys-end = End
keys-plus-minus = + / -
keys-ctrl-z = Ctrl+Z
keys-ctrl-y = Ctrl+Y, Ctrl+Shift+Z
keys-ctrl-s = Ctrl+S
keys-ctrl-o = Ctrl+O
keys-f = F
keys-zoom-pan = Wheel / middle-drag / Space+drag
does-play-pause = play / pause
does-step = step forward
does-step-back = step back
does-reset = back to the start of the run
does-run-to-end = run to the end
does-faster-slower = faster / slower
does-undo-edit = undo a board edit
does-redo = redo
does-save-board = save the board
does-open-board = open a board
does-fit = fit the board in view
does-zoom-pan = zoom / pan

## Files, for every tab

could-not-open = Could not open { $name }: { $why }
no-preset = No preset named { $name }
status-preset = { $name } (preset)
opened = Opened { $name }
saved-file = Saved { $file }
cancel = Cancel
board-unchanged = The board on screen is unchanged.
replaying-to = Replaying to step { $step }…

## The Pathfinding tab

status-impassable = impassable
status-cost = cost { $cost }
status-unsaved-board = unsaved board
status-edited = {" "}(edited)
menu-open-board = Open board…  (Ctrl+O)
menu-save-board = Save board  (Ctrl+S)
menu-save-board-as = Save board as…
menu-preset-boards = Preset boards
menu-phone = Menu
menu-tab = Tab
menu-undo = Undo  (Ctrl+Z)
menu-redo = Redo  (Ctrl+Y)
dialog-open-board = Open a board
dialog-save-board = Save the board
unsaved-title = Unsaved changes
unsaved-text = The board on screen has edits that are not saved to a file.
unsaved-save = Save first
unsaved-discard = Discard edits
generated = { $generator } with seed { $seed }
pf-search = Search
pf-algorithm = Algorithm
pf-weight = Weight w
pf-heuristic = Heuristic
pf-overestimates = It can overestimate here
pf-overestimates-tip = With these moves (or terrain cheaper than 1 a step) this heuristic can say more than the cost left, so the path found may not be the cheapest, and A* may expand a cell again.
pf-admissible = It never overestimates with these moves
pf-admissible-tip = Admissible and consistent on this board: A* finds a cheapest path and expands each cell once.
pf-use-heuristic = Use { $name }
pf-moves = Moves
pf-four-directions = 4 directions
pf-eight-directions = 8 directions
pf-compare = Compare side by side
pf-compare-with = with
pf-robot = Robot walk
pf-robot-tip = A robot sees only the cells within its sensor radius and believes the rest is open floor. It walks D* Lite's plan, and each wall it discovers repairs the plan instead of starting it again.
pf-robot-radius = Sensor radius
pf-robot-too-big = The robot walks boards of up to { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    }: its first plan is made at once.
predict-toggle = Predict the next step
predict-toggle-tip = Before each step, click the cell you think the search expands next: it takes the step and tells you whether you were right, and why. Step back takes an answer back.
predict-heading = Your predictions
predict-ask = Your turn: which cell does the search expand next? Click it on the board.
predict-over = The search is over: step back or reset to predict again.
predict-tool-paints = (A painting tool is in hand: a click paints. Pick Answer to click your guess.)
predict-score = Score: { $right } of { $asked }
predict-right = Right: { $cell } was next. { $rule }.
predict-tie = Right: { $answer } ties with { $taken } ({ $measure } { $value }). { $rule }, so the search took { $taken }.
predict-tie-exact = Not quite: { $answer } ties with { $taken } ({ $measure } { $value }), and this question is about which of them goes first. { $rule }, so the search took { $taken }.
predict-later = Not quite: the search took { $taken }, with { $measure } { $taken_value }; yours has { $measure } { $answer_value }. { $rule }.
predict-order = Not quite: the search took { $taken }. { $rule }.
predict-other-side = Not quite: { $answer } waits in the other search's frontier; this step belongs to the search from the { $side }. It took { $taken }.
predict-not-frontier = Not quite: { $answer } is not in the frontier, and only a frontier cell can be expanded. The search took { $taken }.
predict-side-start = start
predict-side-goal = goal
predict-measure-depth = depth
predict-rule-bfs = BFS takes the oldest cell in its queue, so each layer of depth goes before the next; within a layer, the oldest first
predict-rule-dfs = DFS takes the newest cell on its stack
predict-rule-dijkstra = Dijkstra takes the lowest g; ties go to the oldest
predict-rule-astar = A* takes the lowest f = g + h; ties go to the newest
predict-rule-wastar = Weighted A* takes the lowest g + w·h; ties go to the newest
predict-rule-greedy = Greedy takes the lowest h; ties go to the newest
predict-rule-deepening = It goes depth first: the next neighbour of the deepest cell on its path, within the limit
predict-rule-jps = JPS takes the jump point with the lowest f = g + h; ties go to the newest
predict-rule-dstar = D* Lite takes the inconsistent cell with the smallest key
predict-rule-link = The link search takes the state with the fewest turns; ties go to the oldest
predict-rule-link-guided = Guided, the link search takes the lowest f = turns so far + turns still needed; ties go to the newest
predict-measure-turns = turns
predict-position = position { $number }
sk-predict-tip = Before each step, pick among a few positions of the frontier (drawn beside the search) the one you think the search expands next: it takes the step and tells you whether you were right, and why.
sk-predict-ask = Your turn: which of these positions does the search expand next? Pick one.
sk-predict-rule-bfs = BFS takes the oldest position in its queue, so every position a push nearer the start goes first
sk-predict-rule-dfs = DFS takes the newest position on its stack
sk-predict-rule-astar = A* takes the position with the lowest g + h (pushes so far + the matching bound); ties go to the newest
sk-predict-rule-greedy = Greedy takes the position with the lowest h, the matching bound; ties go to the newest
sk-predict-rule-deepening = IDA* goes depth first: the next push from the deepest position on its path, within the bound
link-predict-ask = Your turn: which cell does the link search expand next? Click it (the ring round the board counts).
predict-score-all = All searches shown: { $right } of { $asked }
link-predict-tip = While a link search is shown, click the cell you think it expands next (the ring round the board counts too): it takes the step and tells you whether you were right, and why.
pf-run = Run
pf-edit = Edit
pf-undo = Undo
pf-redo = Redo
pf-clear = Clear
pf-clear-tip = All floor, same size
pf-size = Size
pf-width = Width
pf-height = Height
pf-resize = Resize
pf-resize-tip = Keep what fits
pf-generator = Generator
pf-wall-density = Wall density
pf-seed = Seed
pf-random = Random
pf-random-tip = A random seed
pf-generate = Generate
pf-show = Show
pf-show-visited = Visited
pf-show-frontier = Frontier
pf-show-current = Expanded node
pf-show-path = Path
pf-show-parents = Parent arrows
pf-show-numbers = g / h / f
pf-zoom-in-touch = Pinch to zoom in for more: parent arrows from { $arrows } px cells, f from { $f } px, g, h and f from { $ghf } px. Cells are { $cell } px now.
pf-edit-help-touch = Drag a finger to paint; drag S or G to move them; pinch with two fingers to zoom, move them together to pan.
pf-zoom-in = Zoom in (mouse wheel) for more: parent arrows from { $arrows } px cells, f from { $f } px, g, h and f from { $ghf } px. Cells are { $cell } px now.
pf-eraser = Eraser ({ $terrain })
pf-tool-start = Start
pf-tool-goal = Goal
pf-tool-answer = Answer
pf-tool-answer-tip = Predict mode: a click on the board is your answer. Pick a painting tool to paint instead.
pf-edit-help = Drag to paint; drag S or G to move them; wheel zooms, middle-drag or space-drag pans, F fits.
legend = Legend
legend-visited = visited
legend-frontier = frontier
legend-visited-back = visited (backward)
legend-frontier-back = frontier (backward)
legend-path = path
legend-current = expanded now
pf-pseudocode = { $algorithm } in pseudo-code
pf-chart = Frontier size (solid) and visited (dashed) against step
stats-at-step = At step
stats-expanded = Expanded
stats-frontier = Frontier
stats-visited = Visited
stats-path = Path
stats-path-found = { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, cost { $cost }
stats-path-segments = { $segments ->
    [one] 1 straight segment
   *[other] { $segments } straight segments
}, cost { $cost }
stats-optimal-shorter = shorter than grid moves' best, { $best }
stats-optimal = Optimal?
stats-optimal-yes = yes (Dijkstra agrees)
stats-optimal-no = no: the cheapest costs { $best }
stats-optimal-checking = checking with Dijkstra…
stats-path-none = none
stats-path-not-yet = not yet

## Pseudo-code (the code words stay as they are; the rest is read aloud in class)

code-while-frontier = while frontier is not empty:
code-goal-test = {"    "}if n is the goal: return the path to n
code-for-each-neighbour = {"    "}for each neighbour m of n:
code-mark-visited = {"    "}mark n visited
code-no-path = return no path
code-bfs-1 = frontier ← FIFO queue holding start; mark start discovered
code-bfs-3 = {"    "}n ← frontier.pop_front()
code-bfs-6 = {"        "}if m is not discovered:
code-bfs-7 = {"            "}mark m discovered; parent[m] ← n
code-bfs-8 = {"            "}frontier.push_back(m)
code-dfs-1 = frontier ← stack holding start
code-dfs-3 = {"    "}n ← frontier.pop()
code-dfs-4 = {"    "}if n is visited: skip it
code-dfs-7 = {"    "}for each neighbour m of n (pushed last first):
code-dfs-8 = {"        "}if m is not visited:
code-dfs-9 = {"            "}parent[m] ← n; frontier.push(m)
code-bibfs-1 = forward ← queue holding start; backward ← queue holding goal
code-bibfs-2 = while both queues are non-empty:
code-bibfs-3 = {"    "}side ← forward and backward take turns
code-bibfs-4 = {"    "}n ← side.pop_front()
code-bibfs-5 = {"    "}for each neighbour m of n (moves reversed on the backward side):
code-bibfs-6 = {"        "}if side has not discovered m: mark it, parent[m] ← n, push it
code-bibfs-7 = {"        "}if the other side discovered m too: a path meets at m
code-bibfs-8 = {"    "}if depth(next forward) + depth(next backward) ≥ best meeting:
code-bibfs-9 = {"        "}return the path through the best meeting
code-bibest-1 = forward ← priority queue holding start; backward ← priority queue holding goal; μ ← ∞
code-bibest-4 = {"    "}n ← side.pop()
code-bibest-4-dijkstra = lowest g on that side
code-bibest-4-astar = lowest f = g + h, h towards that side's target
code-bibest-6 = {"        "}if g[n] + cost(n, m) < side.g[m]: side.g[m] ← it, parent[m] ← n, push m
code-bibest-7 = {"        "}if the other side knows m: μ ← min(μ, side.g[m] + other.g[m])
code-bibest-8-dijkstra = {"    "}if lowest g forward + lowest g backward ≥ μ:
code-bibest-8-astar = {"    "}if max(lowest f forward, lowest f backward) ≥ μ:
code-bibest-8-why = not at the first meeting
code-bibest-9 = {"        "}return the path through the meeting that gave μ
code-iddfs-1 = for limit ← 0, 1, 2, …:
code-iddfs-2 = {"    "}if DLS(start, 0, limit) found the goal: return the path
code-iddfs-3 = {"    "}if nothing was cut off by the limit:
code-iddfs-4 = {"        "}return no path
code-iddfs-5 = {"    "}forget what this iteration reached; the next one starts again at the start
code-iddfs-6 = DLS(n, depth, limit):
code-iddfs-7 = {"    "}if n is the goal: return the path to n
code-iddfs-8 = {"    "}remember n was reached at depth
code-iddfs-9 = {"    "}for each neighbour m of n (not the one n came from):
code-iddfs-10 = {"        "}if depth + 1 ≤ limit and m was not reached at depth ≤ depth + 1: DLS(m, depth + 1, limit)
code-iddfs-11 = {"        "}else if depth + 1 > limit: note the cut-off
code-idastar-1 = bound ← h(start)
code-idastar-2 = loop:  if DFS(start, 0, bound) found the goal: return the path
code-idastar-3 = {"    "}t ← the smallest f = g + h that was over the bound
code-idastar-4 = {"    "}if t = ∞: return no path
code-idastar-5 = {"    "}bound ← t; forget what this iteration reached
code-idastar-6 = DFS(n, g, bound):
code-idastar-7 = {"    "}if n is the goal: return the path to n
code-idastar-8 = {"    "}remember n was reached with g
code-idastar-9 = {"    "}for each neighbour m of n (not the one n came from):
code-idastar-10 = {"        "}if g' + h(m) ≤ bound and m was not reached with g ≤ g': DFS(m, g', bound)
code-idastar-11 = {"        "}else if g' + h(m) > bound: t ← min(t, g' + h(m))
narrate-deepen-moves = Iteration { $iteration }: no goal within the old limit, so the limit rises to { $bound ->
        [one] { $bound } move
       *[other] { $bound } moves
    } (the next depth cut off) and the search starts again from the start.
narrate-deepen-cost = Iteration { $iteration }: no goal within the old bound, so the bound rises to f = { $bound }, the smallest f that was cut off, and the search starts again from the start.
narrate-deepen-again = {" "}(expanded { $times ->
        [one] { $times } time
       *[other] { $times } times
    } so far)
narrate-deepen-expanded-moves = Expanded { $cell } at depth { $depth } of at most { $bound }{ $again }; { $added ->
        [one] { $added } neighbour
       *[other] { $added } neighbours
    } to try.
narrate-deepen-expanded-cost = Expanded { $cell }: g { $g } + h { $h } = f { $f } ≤ bound { $bound }{ $again }; { $added ->
        [one] { $added } neighbour
       *[other] { $added } neighbours
    } to try.
stats-iteration = Iteration
stats-limit-moves = Limit (moves)
stats-limit-cost = Bound (f)
stats-next-bound = Next limit
stats-next-bound-none = nothing cut off yet
stats-re-expanded = Re-expansions
legend-re-expanded = ×N: expanded N times
code-jps-1 = open ← priority queue holding start; g[start] ← 0
code-while-open = while open is not empty:
code-jps-3 = {"    "}n ← open.pop()   ▹ lowest g + h
code-jps-4 = {"    "}if n is the goal: return the path, filled in between jump points
code-jps-6 = {"    "}for each direction d worth following from n (natural and forced neighbours):
code-jps-7 = {"        "}m ← jump(n, d): scan along d to the goal, a forced neighbour or a wall
code-jps-8 = {"        "}if m exists and g[n] + dist(n, m) < g[m]:
code-jps-9 = {"            "}g[m] ← g[n] + dist(n, m); parent[m] ← n; open.push(m)
code-theta-1 = open ← priority queue holding start; g[start] ← 0   ▹ paths are straight segments, not moves
code-theta-3 = {"    "}n ← open.pop()   ▹ lowest g + h
code-theta-4 = {"    "}if n is the goal: return the path, segment by segment
code-theta-7 = {"        "}if parent[n] sees m (a straight line touching no wall):
code-theta-8 = {"            "}g' ← g[parent[n]] + dist(parent[n], m); p ← parent[n]   ▹ skip n
code-theta-9 = {"        "}else: g' ← g[n] + cost(n, m); p ← n   ▹ as A*
code-theta-10 = {"        "}if g' < g[m]: g[m] ← g'; parent[m] ← p; open.push(m)
predict-rule-theta = Theta* takes the cell with the lowest f = g + h, where g runs along straight segments; ties go to the newest
needs-uniform-cost = { $algorithm } needs a board where every passable cell costs the same: it prices a straight run by its length. This board has weighted terrain, so A* runs instead.
legend-scanned = scanned by a jump
legend-sight-clear = line of sight, clear
legend-sight-blocked = line of sight, blocked
code-dstar-1 = g ← ∞ and rhs ← ∞ everywhere; rhs[goal] ← 0; queue ← {goal}   ▹ planned from the goal back
code-dstar-2 = while queue.top < key(start) or rhs[start] > g[start]:
code-dstar-3 = {"    "}u ← queue.pop()   ▹ smallest key [min(g, rhs) + h(start, u); min(g, rhs)]
code-dstar-4 = {"    "}if g[u] > rhs[u]:   ▹ a cheaper way to the goal was found
code-dstar-5 = {"        "}g[u] ← rhs[u]; each predecessor p: rhs[p] ← min(rhs[p], cost(p, u) + g[u]), queued if inconsistent
code-dstar-6 = {"    "}else:   ▹ its old way got dearer (a wall was painted)
code-dstar-7 = {"        "}g[u] ← ∞; u and each predecessor p: rhs[p] ← least cost + g over its moves, queued if inconsistent
code-dstar-8 = path: from the start, always to the neighbour with the least cost + g
robot-code-title = The D* Lite robot
code-robot-1 = plan ← the cheapest path from the goal back to the robot, on the board as it believes it
code-robot-2 = while the robot is not at the goal:
code-robot-3 = {"    "}look at every cell within the sensor radius
code-robot-4 = {"    "}for each cell not as believed: update its cost; queue the cells whose rhs changed
code-robot-5 = {"    "}if any changed: km ← km + h(last, robot); repair the plan (expand the queue)
code-robot-6 = {"    "}if the plan has no path: return no way
code-robot-7 = {"    "}move to the next cell of the plan
code-robot-8 = return arrived
robot-narrate-ready = The robot at { $at } sees { $radius ->
        [one] { $radius } cell
       *[other] { $radius } cells
    } around it and believes the rest is open floor. Its first plan took { $expanded ->
        [one] { $expanded } expansion
       *[other] { $expanded } expansions
    }; press Step to move.
robot-narrate-moved = Moved to { $to }.
robot-narrate-nothing-new = Nothing new in sight: the plan holds, no expansion needed.
robot-narrate-saw = Saw { $count ->
    [one] a cell
   *[other] { $count } cells
} not as it believed; the repair took { $expanded ->
        [one] { $expanded } expansion
       *[other] { $expanded } expansions
    }.
robot-narrate-arrived = Arrived at the goal after { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $discovered ->
        [one] { $discovered } discovery
       *[other] { $discovered } discoveries
    } and { $repairs ->
        [one] { $repairs } repair expansion
       *[other] { $repairs } repair expansions
    } (the first plan took { $first }).
robot-narrate-no-way = The walls it has found leave no way to the goal.
robot-moves = Moves walked
robot-discovered = Cells discovered
robot-first-plan = First plan (expansions)
robot-repairs = Repairs (expansions)
robot-plan-cost = Cost of the plan ahead
code-dstar-9 = when a cell changes: the cells around it look ahead again (rhs); back to line 2
stats-repair = Last repair
stats-repair-value = { $repair ->
        [one] { $repair } expansion
       *[other] { $repair } expansions
    } (A* from scratch: { $scratch })
stats-repair-counting = { $repair ->
        [one] { $repair } expansion
       *[other] { $repair } expansions
    } (A* from scratch: counting, { $scratch } so far)
code-best-first-1 = frontier ← priority queue holding start; g[start] ← 0
code-g-prime = {"        "}g' ← g[n] + cost(n, m)
policy-oldest-first = oldest first
policy-newest-first = newest first
policy-lowest-g = lowest g; ties: oldest first
policy-lowest-g-h = lowest g + h; ties: newest first
policy-lowest-g-wh = lowest g + w·h; ties: newest first
policy-lowest-h = lowest h; ties: newest first
policy-if-not-discovered = if m is not discovered:
policy-if-not-visited = if m is not visited:
policy-if-new-or-cheaper-open = if m is new, or not visited and g' < g[m]:
policy-if-new-or-cheaper = if m is new or g' < g[m] (even if visited):
policy-if-new = if m is new:
policy-mark-discovered = mark m discovered; parent[m] ← n

## Telling a step in words

narrate-ready-touch = Ready: the frontier holds the start { $start }. Tap Play, or Step to expand it.
narrate-ready = Ready: the frontier holds the start { $start }. Press Play, or Step (Right arrow key) to expand it.
narrate-ready-goal-touch = Ready: D* Lite searches back from the goal, so its queue holds the goal { $goal }. Tap Play, or Step to expand it.
narrate-ready-goal = Ready: D* Lite searches back from the goal, so its queue holds the goal { $goal }. Press Play, or Step (Right arrow key) to expand it.
narrate-ready-both-touch = Ready: the forward frontier holds the start { $start } and the backward one the goal { $goal }. Tap Play, or Step to expand them.
narrate-ready-both = Ready: the forward frontier holds the start { $start } and the backward one the goal { $goal }. Press Play, or Step (Right arrow key) to expand them.
narrate-forward-side = Forward side:{" "}
narrate-backward-side = Backward side:{" "}
narrate-expanded = { $side }Expanded { $cell }: { $costs }; { $added ->
        [one] 1 neighbour
       *[other] { $added } neighbours
    } added{ $improved ->
        [0] {""}
        [one] , 1 neighbour improved
       *[other] , { $improved } neighbours improved
    }.
stats-meeting = Best meeting (μ)
stats-meeting-at = at { $cell }, path cost { $cost }
stats-meeting-none = none yet
legend-consistent = cost to the goal known (D* Lite, consistent)
legend-inconsistent = inconsistent: queued for repair
legend-robot = robot, its trail and sensor
legend-unseen = a wall the robot has not seen
legend-meeting = where the best path so far meets
narrate-met = Stopped: no path cheaper than the best meeting can remain. The halves join at { $cell }: a path of { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } costing { $cost }.
narrate-found = { $side }Reached the goal: a path of { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } costing { $cost }.
narrate-found-plain = Reached the goal.
narrate-found-segments = Reached the goal: a path of { $segments ->
    [one] 1 straight segment
   *[other] { $segments } straight segments
} costing { $cost }.
narrate-exhausted = The frontier is empty: no path from start to goal.
narrate-stopped = Stopped.
limit-expansions = gave up after { $count ->
        [one] { $count } expansion
       *[other] { $count } expansions
    }
limit-states = gave up after storing { $count ->
        [one] { $count } state
       *[other] { $count } states
    }
limit-bytes = gave up at the memory limit of { $mib } MiB
limit-time = gave up at the time limit
limit-cancelled = cancelled

## Preset names (and what each is there to teach)

preset-frontier-tutorial = Frontier tutorial
preset-frontier-tutorial-1 = First push
preset-frontier-tutorial-1-notes = Walk into the box to push it onto the goal (the dot).
preset-frontier-tutorial-2 = Around the corner
preset-frontier-tutorial-2-notes = Boxes can only be pushed, never pulled: line up behind a box before you push it.
preset-frontier-tutorial-3 = Two boxes
preset-frontier-tutorial-3-notes = Push each box onto a goal. The order matters.
preset-frontier-tutorial-4 = Mind the corners
preset-frontier-tutorial-4-notes = A box pushed into a corner without a goal is stuck forever. The solvers know these dead squares and never push a box onto one.
preset-frontier-tutorial-5 = Three in a row
preset-frontier-tutorial-5-notes = Breadth-first search finds the fewest pushes; depth-first wanders; A* is guided by how far each box is from a goal.
preset-frontier-tutorial-6 = Five goals
preset-frontier-tutorial-6-notes = A* finds the fewest pushes after looking at a dozen positions; breadth-first search needs thousands for the same answer.
preset-frontier-tutorial-7 = Narrow hall
preset-frontier-tutorial-7-notes = Four boxes in a hall of doorways. A* walks straight to a solution; breadth-first search looks at thousands of positions first, and depth-first search pushes hundreds of times.
preset-frontier-tutorial-8 = Crossroads
preset-frontier-tutorial-8-notes = A level that makes the solvers work. A* needs a few thousand positions; breadth-first search needs most of a million, and depth-first search finds a solution of almost a million moves.
preset-concave-trap = Concave trap
preset-concave-trap-notes = A cup opens towards the start and the goal waits behind it. Greedy best-first heads straight into the cup, fills it, and leaves by a detour: its path is longer than it needs to be. A* also looks into the cup but still returns the cheapest path.
preset-diagonal-squeeze = Diagonal squeeze
preset-diagonal-squeeze-notes = Two walls touch only at a corner, at (9,5)-(10,6). With 8-connectivity a move may not cut a corner, so no path slips through the diagonal gap: the way round is along the bottom row. Manhattan overestimates with diagonals: try it with A* and compare the cost with Octile.
preset-maze = Maze
preset-maze-notes = A perfect maze (one way between any two cells). DFS dives down one corridor and may stumble on the goal early or late; BFS sweeps evenly; A* helps less than on open ground, because the heuristic keeps pointing at walls.
preset-open-field = Open field
preset-open-field-notes = Nothing in the way. BFS and Dijkstra flood a diamond (or square) around the start; A* walks a thin band straight to the goal. Try the heuristics: Zero makes A* into Dijkstra; Manhattan on 8-connectivity overestimates.
preset-rooms-with-doors = Rooms with doors
preset-rooms-with-doors-notes = Nine rooms joined by doors that do not line up. The doors leave a way that always heads for the goal, so A* with Manhattan walks straight there (79 cells expanded for a 66-move path) while BFS and Dijkstra flood 1,215: compare their frontiers.
preset-far-doors = Rooms with far doors
preset-far-doors-notes = Nine rooms, each room's way on at its side away from the goal. A* with Manhattan runs to the corner nearest the goal and has to back off to the door: 393 cells expanded for a 70-move path, where BFS and Dijkstra expand 939; greedy best-first backs off too, and its path is 98 moves.
preset-weighted-swamp = Weighted swamp
preset-weighted-swamp-notes = Swamp (~, cost 5) lies between start and goal; the dry way round is longer in steps. BFS counts steps, not costs: it wades straight through. Dijkstra and A* walk round the bottom and pay less.
preset-first-steps = First steps
preset-first-steps-notes = Every kind of link, in an order that matters. C and C touch; E … E see each other along the bottom row (no turn); D and D meet with one turn; B and B go out over the top of the board (two turns). A and A need three turns at first, so they cannot go yet: remove D, or E, and they link with one.
preset-naive-trap = Naive trap
preset-naive-trap-notes = The two A tiles, at (5,0) and (0,0), link over the top of the board with two turns. A BFS that marks cells (not cell and heading) as visited keeps only the first way it reached each cell; here that first way comes with the wrong heading, and it misses the link. To see it: tick "Show each link search" and "Compare with the naive search", then click the A at (5,0) (top right) and the A at (0,0) (top left).

## The Sokoban tab

keys-arrows-wasd = Arrows or WASD
keys-undo-move = Ctrl+Z, U or Backspace
keys-r = R
keys-n-p = N / P
keys-n = N
keys-p = P
keys-h = H
keys-ctrl-v = Ctrl+V
keys-run = Space, arrows, Home, End, + / -
does-move-push = move and push
does-undo-move = undo a move (Ctrl+Y redoes)
does-restart-level = restart the level
does-next-previous = next / previous level
does-hint-push = hint: the first push of a shortest solution from here
does-paste-level = paste a level
does-run-solve = in Solve: play, step, step back, start, end, speed (as in Pathfinding)
menu-open-levels = Open Sokoban levels…
menu-preset-levels = Preset Sokoban levels
dialog-open-levels = Open Sokoban levels
dialog-save-level = Save the level as XSB
sk-pasted-level = pasted level
sk-levels = levels
sk-mode-play = Play
sk-mode-edit = Edit level
sk-mode-solve = Solve
sk-open = Open…
sk-paste = Paste level
sk-paste-tip = Paste XSB text (or press Ctrl+V)
sk-presets = Presets
sk-collection = { $name } — { $count ->
        [one] { $count } level
       *[other] { $count } levels
    }
sk-level-mistake = (has a mistake)
sk-level-solved = (solved: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    })
sk-cannot-play = This level cannot be played: { $why }
sk-status = { $name } — level { $number } of { $count }: { $title }
sk-opened = Opened { $name }: { $count ->
        [one] { $count } level
       *[other] { $count } levels
    }
sk-opened-mistakes = Opened { $name }: { $count ->
        [one] { $count } level
       *[other] { $count } levels
    }, { $bad } with mistakes
sk-added = Added { $added ->
        [one] a level
       *[other] { $added } levels
    } to { $name }: { $count ->
        [one] { $count } level
       *[other] { $count } levels
    } now.
sk-paste-title = Paste a level
sk-paste-text = Paste one level or a collection in XSB:
sk-paste-open = Open it
sk-unchanged = Nothing you had open was changed.
sk-pick-level = Open or pick a level to play.
sk-solved = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } and { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }
sk-solved-best = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } and { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    } — a new best!
sk-counters = Moves { $moves }   Pushes { $pushes }
sk-best = Best: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }
sk-won = Solved! Press N for the next level.
sk-undo = Undo
sk-redo = Redo
sk-restart = Restart
sk-stuck = { $count ->
        [one] A box can
       *[other] { $count } boxes can
    } never reach a goal now (marked red): undo (Ctrl+Z).
sk-hint = Hint
sk-hint-tip = H: the solver works out the first push of a solution from here, the shortest when A* proves it in time
sk-previous = Previous level
sk-next = Next level
sk-play-help = Arrows or WASD move; click a square to walk there; click a box beside you to push it, or drag a box where it should go; H asks for a hint.
sk-no-route = That box cannot be pushed there without moving another box.

## Files and what is wrong with them (also the command line's errors)

parse-at-line = line { $line }: { $message }
file-cannot-open = cannot open { $file }: { $why }
file-cannot-write = cannot write { $file }: { $why }
file-is-folder = { $file } is a folder, not a file
file-problem = { $file } { $why }
file-unreadable = cannot be read: { $why }
file-too-large = is larger than { $mib } MiB, the most Frontier reads
file-not-utf8 = is not a text file (invalid UTF-8 at byte { $byte })
not-a-whole-number = `{ $word }` is not a whole number of 0 or more
board-the-start = start
board-the-goal = goal
board-terrain-not-in-legend = cell terrain { $terrain } is not in the legend
board-endpoint-outside = the { $what } { $pos } is outside the { $width } x { $height } board
board-endpoint-on-wall = the { $what } { $pos } is on a wall
board-no-cells = a board of { $width } x { $height } has no cells
board-too-large = a board of { $width } x { $height } is too large (at most { $max } x { $max })
board-is-movingai = this looks like a Moving AI map: import it as a .map file
board-no-magic = expected `{ $magic }` on the first line
board-unknown-line = unknown line `{ $line }` (expected size, start, goal, legend or map)
board-no-map-line = the board has no `map` line
board-missing = `{ $what }` must come before `map`
board-two-numbers = `{ $what }` takes two numbers
board-given-twice = `{ $what }` is given twice
legend-empty = the legend is empty
legend-too-many = the legend has { $count ->
        [one] { $count } terrain
       *[other] { $count } terrains
    } (at most { $max })
legend-symbol-not-visible = terrain symbol { $symbol } must be a visible ASCII character
legend-symbol-twice = the symbol `{ $symbol }` is defined twice
legend-bad-cost = the cost of `{ $name }` must be a number from 0 to 1e9, got { $cost }
legend-line-shape = a legend line reads `legend C NAME COST` or `legend C NAME wall`
legend-symbol-one-char = the legend symbol `{ $symbol }` must be one character
legend-cost-not-number = the cost `{ $cost }` is neither a number nor `wall`
map-too-few-rows = the map has { $rows ->
        [one] { $rows } row
       *[other] { $rows } rows
    } but its height is { $height }
map-row-too-long = row { $row } is longer than the width { $width }
map-row-too-short = row { $row } has { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    } but the width is { $width }
map-size-mismatch = the map does not match its size
map-no-passable-cell = the map has no passable cell
map-symbol-not-in-legend = `{ $symbol }` at column { $column } is not in the legend
map-text-after = text after the { $height } map rows
movingai-unknown-line = expected `type`, `height`, `width` or `map`, got `{ $line }`
movingai-no-map-line = no `map` line: not a Moving AI map
movingai-size-after-map = `height` and `width` must come before `map`
movingai-unknown-letter = unknown map letter `{ $letter }` at column { $column }
scenario-field-count = expected 9 fields separated by tabs (or, in a version 1.0 file, spaces), found { $count }
scenario-not-a-whole-number = the { $field } `{ $word }` is not a whole number
scenario-bad-optimal = the optimal length `{ $word }` is not a number
scenario-empty = the scenario has no queries
link-bad-size = a board of { $width } x { $height }: each side must be 1 to { $max }
link-unknown-line = expected `size W H` or `tiles`, got `{ $line }`
link-no-size-line = the board has no `size` line
link-row-length = row { $row } has { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    } but the width is { $width }
link-bad-tile = `{ $symbol }` at column { $column } is neither `.` nor a letter or digit
link-unpaired = the tile `{ $tile }` appears an odd number of times: every tile needs a partner
link-deal-size = a dealt board needs at least two cells and at most { $max } on a side, not { $width } x { $height }
link-deal-unpaired = could not pair every cell of a { $width } x { $height } board
level-no-player = the level has no player (@ or +)
level-two-players = the level has two players, at { $first } and { $second }
level-no-boxes = the level has no boxes
level-boxes-goals = the level has { $boxes ->
        [one] { $boxes } box
       *[other] { $boxes } boxes
    } but { $goals ->
        [one] { $goals } goal
       *[other] { $goals } goals
    }
level-already-solved = every box is already on a goal
level-out-of-reach = the square { $square } needs a box moved, but the player can never reach it
level-open = the level is open: the player can walk off the board at { $square } (walls must enclose the player)
level-too-large = the level is { $width } x { $height }; at most { $max } x { $max }
level-bad-square = `{ $symbol }` at column { $column } is not a Sokoban square (#@+$*. or space)
level-untitled = Level { $number }
level-none-found = no Sokoban level found (a level is rows of #, @, $, . and spaces)
lurd-bad-letter = `{ $letter }` at { $at } is not one of l u r d (L U R D)
lurd-blocked = move { $step } ({ $letter }) walks into a wall or a blocked box
lurd-pushes = move { $step } ({ $letter }) pushes a box
lurd-does-not-push = move { $step } ({ $letter }) does not push a box
lurd-not-solved = the moves end with boxes off their goals
snake-bad-size = a Snake board is { $min } to { $max ->
        [one] { $max } cell
       *[other] { $max } cells
    } on each side, not { $width } x { $height }
snake-no-room = the walls leave no room for a snake and its food
snake-no-head = the snake needs at least a head
snake-body-blocked = the body cell { $cell } is on a wall or on the body
snake-body-broken = the body is broken between { $from } and { $to }
snake-food-blocked = the food is on a wall or on the snake
cycle-both-odd = a { $width } x { $height } board has no Hamiltonian cycle: with both sides odd, a loop through every cell cannot close
cycle-colours = these walls leave { $light } light and { $dark } dark cells: a loop through every cell needs as many of each
cycle-not-found = no Hamiltonian cycle was found for these walls (walls laid in 2 x 2 blocks always allow one)
saved-bad-algorithm = { $algorithm } cannot be used (weighted A* needs a weight of at least 1)

## The snake planners' reasons

snake-food-safe = The food is { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } away. After eating it the snake could still reach its tail, so it heads { $dir } for the food.
snake-food-traps = The food is { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } away, but after eating it the snake could not reach its tail.
snake-food-unreachable = The head cannot reach the food.
snake-reason-then = { $why } { $what }
snake-follow-tail = It follows its tail: { $dir } keeps the tail reachable, { $distance ->
        [one] { $distance } step
       *[other] { $distance } steps
    } away, the farthest of the safe moves.
snake-survive = No move keeps the tail reachable; { $dir } does not die now and leaves { $room ->
        [one] { $room } cell
       *[other] { $room } cells
    } of room.
snake-doomed = Every move runs into a wall or the body.
cycle-uphill = The food is { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } away, uphill along cycle { $cycle }: follow it.
cycle-shortcut = A shortcut on cycle { $cycle }: the food is { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } away, skipping { $skipped ->
        [one] { $skipped } cell
       *[other] { $skipped } cells
    }, and every cell ahead stays free.
cycle-food-behind = The food lies behind the head on every cycle the body fits: follow the cycle until the tail has passed it.
realign-follow = The body does not lie along a Hamiltonian cycle yet (someone else steered it). Following cycle { $cycle } from here is safe: every body cell ahead on it is gone before the head gets there, and after { $moves ->
        [one] { $moves } more move
       *[other] { $moves } more moves
    } the whole body lies along it.
realign-turn = The body does not lie along a Hamiltonian cycle yet (someone else steered it). After a move { $dir } it can follow cycle { $cycle } safely until the whole body lies along it.
realign-survive = The body does not lie along a Hamiltonian cycle, and no cycle can be joined safely from here yet: play for survival until one can. { $then }
rewire-committed = No short way to the food has kept the body on a cycle for a while: keep to one cycle until the food is eaten.
rewire-no-food = No food left.
rewire-blocked = Every short way to the food would leave the body off every cycle: follow the cycle it lies along until one opens.
rewire-way = The food is { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } away, and after each of them the body still lies along a Hamiltonian cycle.

## Sokoban: editing, hints and the solver

list-separator = ,{" "}
sentence-gap = {" "}
edit-level-ready = The level is ready to play.
edit-level-untitled = Edited level
edit-tool-wall = Wall
edit-tool-floor = Floor
edit-tool-goal = Goal
edit-tool-box = Box
edit-tool-player = Player
edit-new-level = New empty level
edit-title = Title
edit-size = Size
edit-height = Height
edit-check = Check
edit-solvable = Solvable?
edit-solvable-tip = The solver looks for a solution: the fewest pushes when A* proves it in time, else one another search finds
edit-play-it = Play it
edit-save-xsb = Save as XSB…
edit-solving = Solving… { $unit ->
        [positions] { $positions } of { $limit } positions looked at
       *[seconds] { $positions ->
            [one] { $positions } position
           *[other] { $positions } positions
        } looked at, { $spent } of { $limit } s
    }
edit-solvable-in = Solvable: the fewest pushes is { $pushes } (A*, { $positions ->
        [one] { $positions } position
       *[other] { $positions } positions
    }).
edit-no-solution = No solution: no sequence of pushes puts every box on a goal.
edit-undecided = Undecided: the solver { $why }.
edit-undecided-ask-again = Undecided: the solver { $why }. Press Solvable? again to give it { $unit ->
        [positions] { $more } positions
       *[seconds] { $more } s
    }.
hint-thinking = Thinking… { $unit ->
        [positions] { $positions } of { $limit } positions looked at
       *[seconds] { $positions ->
            [one] { $positions } position
           *[other] { $positions } positions
        } looked at, { $spent } of { $limit } s
    }
hint-push = Hint: push the marked box { $dir } ({ $pushes ->
        [one] 1 push
       *[other] { $pushes } pushes
    } to go).
hint-no-solution = No solution from here: undo a few moves (Ctrl+Z).
hint-gave-up = No hint: the solver { $why }.
hint-gave-up-ask-again = No hint: the solver { $why }. Ask again (H) to give it { $unit ->
        [positions] { $more } positions
       *[seconds] { $more } s
    }.
cmp-heading = BFS, DFS, A*, greedy and IDA* side by side
cmp-search = Search
cmp-stored = Stored
cmp-pushes = Pushes
cmp-moves = Moves
cmp-no-solution = no solution
cmp-bad-solution = bad solution: { $why }
solve-pick = Pick an algorithm and press Start solving.
solve-over-pushes = { $algorithm } over pushes
solve-over-moves = { $algorithm } over moves
solve-pruned-dead = Pruned: dead squares
solve-pruned-freeze = Pruned: freeze deadlocks
solve-pruned-matching = Pruned: no matching
solve-corral-cuts = PI-corral cuts
solve-dead-corrals = Dead corrals found
solve-learned-deadlocks = Pushes into a learned deadlock
solve-pushes-so-far = Pushes so far (g)
solve-pushes-left = Lower bound on pushes left (h)
solve-moves-so-far = Moves so far (g)
solve-moves-left = Lower bound on moves left (h)
solve-dead-end = none (dead end)
solve-solved = Solved.
solve-no-solution = No solution: every reachable position was searched.
solve-bound-pushes = Not solved: { $why }. Any solution needs at least { $bound ->
        [one] { $bound } push
       *[other] { $bound } pushes
    } (the highest { $measure } of a position expanded).
solve-bound-moves = Not solved: { $why }. Any solution needs at least { $bound ->
        [one] { $bound } move
       *[other] { $bound } moves
    } (the highest { $measure } of a position expanded).
solve-bound-ida-pushes = Not solved: { $why }. Any solution needs at least { $bound ->
        [one] { $bound } push
       *[other] { $bound } pushes
    }: IDA* found none within the bound of the iterations it finished.
solve-bound-ida-moves = Not solved: { $why }. Any solution needs at least { $bound ->
        [one] { $bound } move
       *[other] { $bound } moves
    }: IDA* found none within the bound of the iterations it finished.
solve-not-solved = Not solved: { $why }.
solve-searching = Searching…
solve-paused-touch = Paused: tap Play, Step or To end.
solve-paused = Paused: Play (Space), Step (Right arrow) or To end (End).
solve-solution = Solution: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    } (checked by replaying it).
solve-copy-lurd = Copy LURD
solve-replay = Replay solution
solve-bad-solution = The solution did not replay: { $why }
solve-states-are = States are
solve-states-pushes = pushes
solve-states-moves = single moves
solve-give-up-after = Give up after
solve-states = states
solve-from-play = Start from the position in Play
solve-from-play-tip = Solve from where you left the level in Play, not from its start.
solve-show-dead = Show dead squares
solve-show-dead-tip = A box pushed onto a square marked × can never reach a goal; the solvers never push one there.
solve-start = Start solving
solve-compare = Compare all five
solve-compare-tip = Run BFS, DFS, A*, greedy and IDA* on this level side by side
solve-replaying = Replaying the solution
solve-back-to-search = Back to the search
sk-code-start = frontier ← {"{"}start{"}"}; g[start] ← 0
sk-code-goal-test = if every box in n is on a goal: return the way to n
sk-code-skip-or-mark = if n is visited: skip it; else mark n visited
sk-code-mark-visited = mark n visited
sk-code-pushes = pushes ← the pushes the player can walk to and make in n
sk-code-corral = if boxes fence off a PI-corral: keep only the pushes into it
sk-code-for-each-push = for each push in pushes:
sk-code-moves = moves ← the player's steps in n (into a box: a push)
sk-code-for-each-move = for each move in moves:
sk-code-prune = if it puts a box on a dead square or freezes it off a goal: prune it
sk-code-next = m ← the position after it; g' ← g[n] + 1
sk-code-bound = h(m) ← cheapest matching of boxes to goals (none: a dead end, prune)
sk-code-no-solution = return no solution
sk-code-ida-start = bound ← h(start), the matching lower bound
sk-code-ida-loop = loop:  if DFS(start, 0, bound) solves the level: return the way
sk-code-ida-raise = t ← the smallest g + h that was over the bound
sk-code-ida-none = if t = ∞: return no solution
sk-code-ida-next = bound ← t; forget the positions this iteration reached
sk-code-ida-dfs = DFS(n, g, bound):
sk-code-ida-remember = remember n was reached with g
sk-code-ida-descend = if g' + h(m) ≤ bound and m was not reached with g ≤ g': DFS(m, g', bound)
sk-code-ida-cut = else if g' + h(m) > bound: t ← min(t, g' + h(m))
sk-narrate-ida-within = Iteration { $iteration }, bound { $bound }: g + h is within it, so IDA* goes deeper{ $times ->
    [1] {""}
   *[other] {" "}(this position has now been expanded { $times } times)
}.
sk-narrate-pushes = Expanded a position { $g ->
        [one] 1 push
       *[other] { $g } pushes
    } from the start.
sk-narrate-pushes-bound = Expanded a position { $g ->
        [one] 1 push
       *[other] { $g } pushes
    } from the start, with at least { $h } to go (g + h = { $f }).
sk-narrate-moves = Expanded a position { $g ->
        [one] 1 move
       *[other] { $g } moves
    } from the start.
sk-narrate-moves-bound = Expanded a position { $g ->
        [one] 1 move
       *[other] { $g } moves
    } from the start, with at least { $h } to go (g + h = { $f }).
sk-narrate-corral = A PI-corral (boxes fencing off squares the player cannot reach) means only the pushes into it were tried.
sk-narrate-dead-square = { $pushes ->
        [one] 1 push
       *[other] { $pushes } pushes
    } onto a dead square
sk-narrate-freeze = { $pushes ->
        [one] 1 push
       *[other] { $pushes } pushes
    } freezing a box off its goal
sk-narrate-pruned = Pruned: { $list }.
sk-narrate-matching = { $positions ->
        [one] 1 new position
       *[other] { $positions } new positions
    } left boxes that cannot all reach goals: a dead end.
sk-narrate-nothing-new = Nothing new joined the frontier.
sk-narrate-joined = { $added ->
        [one] 1 position
       *[other] { $added } positions
    } joined the frontier.
sk-narrate-joined-improved = { $added ->
        [one] 1 position
       *[other] { $added } positions
    } joined the frontier; { $improved ->
        [one] 1 position
       *[other] { $improved } positions
    } got a shorter route.

## Run controls, charts and the file dialog (every tab)

run-reset = Reset
run-reset-tip = Reset to the beginning (Home)
run-back = Back
run-back-tip = Step back (Left)
run-pause = Pause
run-pause-tip = Pause (Space)
run-replay = Replay
run-replay-tip = Play again from the start (Space)
run-play = Play
run-play-tip = Play (Space)
run-step = Step
run-step-tip = Step forward (Right)
run-to-end = To end
run-to-end-tip = Run to the end (End)
run-speed = Speed
run-speed-tip = Steps per second (+ / -)
run-timeline = Timeline
run-timeline-tip = Drag to scrub through the run
run-of = of { $known }
run-of-more = of { $known }+
speed-thousands = { $thousands }k steps/s
speed-steps = { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    }/s
speed-max = max speed
plot-depth = depth (moves from the start)
plot-expansions-log = expansions
plot-step = step
plot-frontier = frontier
plot-now = now
board-canvas = Board
new-seed = New seed
dialog-up = Up
dialog-up-tip = The folder above
dialog-folder = Folder
dialog-file-name = File name
dialog-open = Open
dialog-save = Save
dialog-cannot-list = cannot list { $folder }: { $why }

## The Snake tab

snake-status = Snake { $width } x { $height }, seed { $seed }
snake-unchanged = The game on screen is unchanged.
snake-score = Score { $score }   Length { $length }
snake-steps = Steps { $steps }   Best on this board { $best }
snake-over-wall-touch = Game over: the snake hit a wall. Tap Restart to play again.
snake-over-body-touch = Game over: the snake hit itself. Tap Restart to play again.
snake-over-wall = Game over: the snake hit a wall. Press R to play again.
snake-over-body = Game over: the snake hit itself. Press R to play again.
snake-won = Won: the snake fills the board!
snake-step-tip = One move (. or Enter)
snake-back = Back a move
snake-back-tip = Takes the last move back, with the planner's view of that position (Backspace). A game taken back sets no best score.
snake-forward = Forward
snake-forward-tip = Makes again the move taken back last
snake-moves-per-second = {" "}moves/s
snake-who-steers = Who steers (1, 2, 3)
snake-pilot-you-touch = You (tap where to go)
snake-pilot-you = You (arrows or WASD)
snake-pilot-classic = Classic planner
snake-pilot-cycle = Cycle planner (never loses)
snake-show-plan = Show the plan
snake-show-cycle = Show the Hamiltonian cycle
snake-board = Board
snake-paint-walls = Paint walls (click or drag on the board)
snake-clear-walls = Clear walls
snake-keys = Keys: arrows/WASD steer, Space pause, . or Enter one move, Backspace a move back, comma one part of a decision, R restart, 1/2/3 who steers, +/- speed.
snake-high-score = A new high score: { $score }
snake-no-cycle = The cycle planner cannot play this board: { $why }.
snake-you-steer = You are steering. Pick a planner to watch it think.
snake-classic-heading = The classic planner
snake-classic-about = Each move: a BFS from the food (the body is a wall) gives every cell its distance to the food. A virtual snake follows the shortest path and eats; the plan is kept only if the virtual head can then still reach its tail. Otherwise the snake follows its tail; if nothing is safe, any move that does not die now.
snake-code-classic-title = The classic planner
snake-code-classic-1 = field ← BFS from the food, the body a wall: each cell's distance to the food
snake-code-classic-2 = if the head has a distance (it can reach the food):
snake-code-classic-3 = {"    "}path ← from the head, always to a neighbour one step nearer the food
snake-code-classic-4 = {"    "}virtual ← the snake after following path and eating
snake-code-classic-5 = {"    "}if a BFS from virtual's head reaches its tail: take path's first move
snake-code-classic-6 = follow the tail: a move after which the tail stays reachable (farthest from the food)
snake-code-classic-7 = nothing safe: any move that does not die now
snake-code-cycle-title = The cycle planner
snake-code-cycle-1 = cycle ← a Hamiltonian cycle through every free cell (on boards of 2 × 2 blocks, chosen again each move)
snake-code-cycle-2 = if the body lies along the cycle, tail to head:
snake-code-cycle-3 = {"    "}shortcut ← a way towards the food that skips ahead on the cycle without passing the tail
snake-code-cycle-4 = {"    "}move: the shortcut's first step, or else the next cell of the cycle
snake-code-cycle-5 = else: join a cycle the snake can follow safely, surviving until it can
snake-step-decision = Step through the decision
snake-step-decision-tip = comma
snake-step-decision-back = Back a part
snake-phase-whole = Whole decision shown.
snake-phase-food = 1. BFS from the food: { $expanded } of { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    } expanded.
snake-phase-path = 2. The shortest path, and the virtual snake after eating.
snake-phase-tail = 3. Can the virtual head reach its tail? { $searched ->
        [one] { $searched } cell
       *[other] { $searched } cells
    } searched.
snake-phase-choice = 4. The choice.
snake-branch-food = Going for the food
snake-branch-tail = Following the tail
snake-branch-survive = Just surviving
snake-branch-doomed = Doomed
snake-tail-checks = Tail checks of the safe moves:
snake-tail-away = {"  "}{ $dir }: tail { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } away
snake-tail-unreachable = {"  "}{ $dir }: tail unreachable
snake-cycle-heading = The cycle planner
snake-cycle-about-rewire = Each cell may move two ways: around its 2 x 2 block, or out into one neighbouring block. A loop of such moves through every cell (a Hamiltonian cycle) is the walk around a spanning tree of the blocks. The snake only makes moves after which its body still lies along such a loop, so it can always follow the loop: it never dies. It takes the shortest way to the food that keeps this true after every move, and when there is none it follows the loop until one opens. The loop is chosen afresh each move.
snake-cycle-about-fixed = The snake follows a Hamiltonian cycle through every cell. Ranked from the tail along the cycle, its body climbs from tail to head, so every cell ranked above the head is free and the next cycle cell is always open: it never dies. It takes the cheapest uphill path to the food, skipping ahead when that cannot trap it.
keys-dot-enter = . or Enter
keys-comma = ,
keys-1-2-3 = 1 / 2 / 3
does-steer = steer (the first key starts the game)
does-pause-resume = pause / resume
does-one-move = one move
does-one-part = one part of the planner's decision
does-who-steers = you steer / classic planner / cycle planner
does-new-game = a new game

## The Link tab (连连看)

link-status = Link { $width } x { $height }, seed { $seed }
link-score = Score { $score }   { $seconds } s
link-score-rules = 10 points a pair; a hint costs 5, a shuffle you ask for 20 (the one when no pair is left is free). The score can go below zero.
link-tiles-left = { $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    } left, seed { $seed }
link-tiles-left-best = { $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    } left, seed { $seed }, best { $best } s
link-cleared = Cleared!
link-hint = Hint
link-shuffle = Shuffle
link-undo = Undo
link-undo-tip = U or Ctrl+Z
link-stop-computer = Stop the computer
link-let-computer = Let the computer clear it
link-show-search = Show each link search
link-guided = Guide it by the turns still needed (A*)
link-guided-tip = Without: uniform cost, fewest turns so far first, spreading along every ray. With: A* adds the turns still needed, worked out backwards from the second tile, and heads straight for it.
link-naive = Compare with the naive search (marks cells, not headings)
link-search-speed = Search speed
link-steps-per-second = {" "}steps/s
link-new-board = New board
link-gravity = Gravity (tiles fall)
link-deal = Deal
link-help = Click two equal tiles: a path of at most three straight segments through empty cells (or around the outside) removes them.
link-opened = Opened { $name }: press Play this board to play it.
link-not-opened = Could not open: { $why }
link-own-board = Your own board
link-paint = Paint tiles (click a cell)
link-erase = Erase
link-play-board = Play this board
link-save = Save…
dialog-open-link = Open a Link board
dialog-save-link = Save the Link board
menu-preset-link = Preset Link boards
link-cannot-play = This board cannot be played: { $why }.
link-shuffled = No pair could be removed: the tiles were shuffled.
link-cleared-helped = Cleared with the computer's help in { $seconds } s (no best time)
link-cleared-best = Cleared in { $seconds } s with { $score ->
        [one] { $score } point
       *[other] { $score } points
    } — a best time!
link-cleared-in = Cleared in { $seconds } s with { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
link-computer-stuck = The computer found no way to clear this board as it stands; try a shuffle.
link-hold-search = Hold the search
link-step-search = Step the search
link-step-back = Step back
link-uniform-cost = Uniform-cost search over turns
link-code-1 = frontier ← {"{"}(first tile, no heading){"}"}; turns[start] ← 0
link-code-2 = while frontier is not empty:
link-code-3 = {"    "}(c, d) ← frontier.pop()   ▹ fewest turns
link-code-3-guided = {"    "}(c, d) ← frontier.pop()   ▹ fewest turns + turns still needed, h
link-code-4 = {"    "}if c is the second tile: return the link, with turns[(c, d)] turns
link-code-5 = {"    "}if that is more than 2 turns: return no link in play
link-code-6 = {"    "}for each direction d' except straight back:
link-code-7 = {"        "}c' ← the next cell that way; skip it unless empty (or on the ring round the board)
link-code-8 = {"        "}t ← turns[(c, d)] + (1 if d' turns away from d, else 0)
link-code-9 = {"        "}if (c', d') is new or t < turns[(c', d')]: turns[(c', d')] ← t; frontier.push((c', d'), t)
link-code-9-guided = {"        "}if (c', d') is new or t < turns[(c', d')]: turns[(c', d')] ← t; frontier.push((c', d'), t + h(c', d'))
link-code-10 = return no link
link-narrate-ready = Ready: the frontier holds the first tile. Step to expand it.
link-heading-none = no heading yet
link-narrate-expanded = Expanded { $cell } heading { $heading }, reached with { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }; { $joined ->
        [one] { $joined } state
       *[other] { $joined } states
    } joined the frontier or got fewer turns.
link-narrate-expanded-guided = Expanded { $cell } heading { $heading }: { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    } so far + at least { $more } more; { $joined ->
        [one] { $joined } state
       *[other] { $joined } states
    } joined the frontier or got fewer turns.
link-narrate-over = The next state needs at least { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }: more than a link may have, so there is no link in play.
link-narrate-found = Reached the second tile with { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }.
link-narrate-exhausted = The frontier ran empty: no path of straight segments joins the two tiles.
link-search-status = Link search from { $from } to { $to }: { $expanded ->
        [one] { $expanded } state
       *[other] { $expanded } states
    } expanded, { $frontier } in the frontier.
link-linked = Linked with { $turns ->
        [one] 1 turn
       *[other] { $turns } turns
    } ({ $segments ->
        [one] 1 segment
       *[other] { $segments } segments
    }).
link-no-link = No link of at most three segments.
link-tint = Cells are tinted by the turns it took to reach them: blue none, green one, orange two.
link-naive-claims = The naive search (visiting { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    }) claims { $turns ->
        [one] { $turns } turn
       *[other] { $turns } turns
    }.
link-naive-none = The naive search (visiting { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    }) finds no link at all.
keys-s = S
keys-u-ctrl-z = U or Ctrl+Z
does-link-hint = hint (costs points)
does-link-shuffle = shuffle (costs points)
does-undo = undo
generated-note = { $generator }, { $width } x { $height }, seed { $seed }
pf-about-board = About this board
sk-about-level = About this level

## Side panels, scale, themes and presentation

panel-title-controls = Controls
panel-title-explained = Explanation
panel-title-code = Your code
panel-title-plan = The plan
panel-title-solver = Solver
panel-sheet-close = Hide { $panel }
panel-open-left = Show the left panel ([)
panel-close-left = Hide this panel ([)
panel-open-right = Show the right panel (])
panel-close-right = Hide this panel (])
keys-brackets = [ / ]
does-toggle-panels = hide or show the left / right panel
algo-wastar-short = wA* ({ $weight })
algo-greedy-short = Greedy
view-scale = Interface scale
present-size = Size { $percent }%
present-larger = Larger
present-smaller = Smaller
present-leave = Leave presentation (Esc)
view-larger = Larger  (Ctrl+=)
view-smaller = Smaller  (Ctrl+-)
view-actual-size = 100%  (Ctrl+0)
view-theme = Theme
view-theme-system = As the system
view-theme-light = Light
view-theme-dark = Dark
view-presentation = Presentation mode  (F11, Esc leaves)
keys-ctrl-zoom = Ctrl+= / Ctrl+- / Ctrl+0
does-zoom = interface larger / smaller / 100%
keys-f11 = F11
does-present = presentation mode: full screen, the board and a compact bar (Esc leaves)
saved-scale-reset = The saved interface scale ({ $scale }) is outside 75–300%; it is back to 100%.
opened-map-rules = Opened { $name }: a Moving AI map, so now 8 directions, octile distance and no corner cutting, the rules of its optimal lengths (Ctrl+Z goes back)
run-label-four = 4 dirs
run-label-eight = 8 dirs
run-label-separator = {", "}
plot-earlier-run = { $run } (earlier)
plot-count = count
legend-snake-head = head
legend-snake-body = body, paler to the tail
legend-snake-food = food
legend-snake-wall = wall
legend-snake-field = distance to the food (darker: nearer)
legend-snake-tail-search = dots: reached by the tail check
legend-snake-plan = planned path; hollow squares: the snake after eating
legend-snake-shortcut = planned moves (shortcuts along the cycle)
legend-snake-cycle = the Hamiltonian cycle
legend-link-selected = selected tile
legend-link-hint = the hinted pair
legend-link-refused = no link with two turns or fewer
legend-link-line = the link
legend-link-turns = reached with { $turns } { $turns ->
    [one] turn
   *[other] turns
}
legend-link-frontier = in the frontier, not yet reached
cmp-stop = Stop the race
cmp-stopped = stopped
solve-player-region = Blue dots: every square the player can walk to in the state shown. A search over pushes keeps the player's region, not one square.
edit-not-in-play-yet = Play still has the level as it was: press Play it to play your edits.
menu-getting-started = Getting started
start-title = Getting started
start-next-tab = Next tab
start-close = Got it
start-pathfinding =
    1. Press Step (or the Right arrow) to watch the search take one node at a time; Play runs it on, Back and the timeline go back.
    2. The colours: orange cells are the frontier, waiting to be expanded; blue ones are visited; the dark outline is the node expanded now; the crimson line is the path found.
    3. Paint walls and terrain on the board with the tools on the left, and drag S or G to move the start and the goal: the search starts over and catches up.
    4. Pick another algorithm, or tick "Compare side by side" to race two. The right panel shows the pseudo-code line being run, the numbers and the chart. [ and ] hide the side panels; F11 presents.
    5. New to these searches? "Lessons", at the right of the tabs, leads you through them page by page and asks you to predict what they do next.
start-sokoban =
    1. Push every box onto a goal. Arrow keys or WASD walk; a click walks to a square; dragging a box pushes it there. U or Ctrl+Z undoes, R restarts.
    2. Stuck? Hint shows the next push of a solution; a red outline marks a box that can never reach a goal.
    3. Solve lets a search do it step by step: red shading shows where its positions keep boxes, blue dots where the player can walk. Compare all five races BFS, DFS, A*, greedy and IDA*.
    4. Edit level paints a level of your own; "Solvable?" asks the solver.
start-snake =
    1. Steer with the arrow keys or WASD; Space pauses. Eat the food; do not hit a wall or yourself.
    2. Press 2 for the classic planner: blue shading is the distance to the food, orange dots are its tail check, and the right panel says why it chose each move.
    3. Press 3 for the cycle planner: it follows a Hamiltonian cycle, with shortcuts, and never loses.
start-link =
    1. Click two equal tiles that a path of at most three straight segments (two turns) joins, through empty cells or around the edge.
    2. H shows a pair that can go, S shuffles. The score: 10 points a pair, less 5 a hint and 20 a shuffle you ask for (the shuffle when no pair is left is free), so it can go below zero.
    3. Tick "Show each link search" to watch the breadth-first search over cells and headings; the colours say how many turns each cell took.
start-sliding =
    1. Click a tile in the blank's row or column to slide it (with the tiles between), or press an arrow key; U or Ctrl+Z undoes. Green tiles are in their goal place.
    2. Pick the size (3 x 3 is the 8-puzzle, 4 x 4 the 15-puzzle) and the goal; Shuffle or Random position deals a new game, or type a position and press "Play this position".
    3. "Watch a search solve it" runs the search and heuristic chosen below from where you stand: the position expanded, the frontier as small boards with g, h and f, the pseudo-code and the chart. Run it to the end, change the heuristic, run again, and compare the expansions at each depth.
start-pathfinding-touch =
    1. Tap Step to watch the search take one node at a time; Play runs it on, Back and the timeline go back.
    2. The colours: orange cells are the frontier, waiting to be expanded; blue ones are visited; the dark outline is the node expanded now; the crimson line is the path found.
    3. The paint tools are in the controls (Controls at the bottom on a phone held upright): pick one and drag a finger over the board to paint walls and terrain, or drag S or G to move the start and the goal. Two fingers pinch to zoom and move together to pan.
    4. The controls also pick another algorithm, or "Compare side by side" to race two; Explanation shows the pseudo-code line being run, the numbers and the chart.
    5. New to these searches? "Lessons", at the top, leads you through them page by page and asks you to predict what they do next.
start-sokoban-touch =
    1. Push every box onto a goal. Tap a square to walk there; drag a box to push it there. Undo and Restart are in the controls.
    2. Stuck? Hint shows the next push of a solution; a red outline marks a box that can never reach a goal.
    3. Solve lets a search do it step by step: red shading shows where its positions keep boxes, blue dots where the player can walk. Compare all five races BFS, DFS, A*, greedy and IDA*.
    4. Edit level paints a level of your own; "Solvable?" asks the solver.
start-snake-touch =
    1. Tap the board on the side you want the snake to go: it turns toward your finger. Eat the food; do not hit a wall or yourself.
    2. Pick the classic planner in the controls: blue shading is the distance to the food, orange dots are its tail check, and the plan says why it chose each move.
    3. The cycle planner follows a Hamiltonian cycle, with shortcuts, and never loses.
start-link-touch =
    1. Tap two equal tiles that a path of at most three straight segments (two turns) joins, through empty cells or around the edge.
    2. Hint shows a pair that can go, Shuffle shuffles. The score: 10 points a pair, less 5 a hint and 20 a shuffle you ask for (the shuffle when no pair is left is free), so it can go below zero.
    3. Tick "Show each link search" to watch the breadth-first search over cells and headings; the colours say how many turns each cell took.
start-sliding-touch =
    1. Tap a tile in the blank's row or column to slide it (with the tiles between); Undo takes a move back. Green tiles are in their goal place.
    2. Pick the size (3 x 3 is the 8-puzzle, 4 x 4 the 15-puzzle) and the goal; Shuffle or Random position deals a new game, or type a position and press "Play this position".
    3. "Watch a search solve it" runs the search and heuristic chosen below from where you stand: the position expanded, the frontier as small boards with g, h and f, the pseudo-code and the chart. Run it to the end, change the heuristic, run again, and compare the expansions at each depth.
dialog-all-files = All files
dialog-text-files = Text files
dialog-boards-and-maps = Boards and Moving AI maps
dialog-boards = Frontier boards
dialog-sokoban-levels = Sokoban levels
dialog-link-boards = Link boards
dialog-places = Places
dialog-home = Home
dialog-presets = Presets
dialog-started-in = Where the app started
dialog-recent-folders = Recent folders
dialog-recent-files = Recent files
dialog-file-type = Files of type
menu-export-pathfinding = Export the Pathfinding board or run as PNG, SVG or GIF…
export-title = Export
export-which = Two searches are compared: export the board of
export-left-search = the left search, { $search }
export-right-search = the right search, { $search }
export-format = Format
export-png = PNG picture of the step shown
export-svg = SVG picture of the step shown
export-gif = GIF of the run, step by step
export-cell = Cell size (px)
export-from = From step
export-to = to step
export-fps = Frames a second
export-choose = Choose a file and export…
export-progress = Writing frame { $done } of { $total }
export-cancel = Cancel
export-done = Exported { $file }
export-done-gif = Exported { $file }: { $frames ->
        [one] { $frames } frame
       *[other] { $frames } frames
    }, steps { $from } to { $to }
export-cancelled = Export cancelled; nothing was written.
dialog-replace-question = { $name } already exists. Replace it?
dialog-replace = Replace
dialog-keep = Keep it
dialog-export = Save the export as
dialog-png = PNG pictures
dialog-svg = SVG pictures
dialog-markdown = Markdown files
dialog-gif = GIF animations
export-png-board = PNG picture of the board shown
export-gif-moves = GIF of the moves played
export-gif-solution = GIF of the solution found
export-gif-game = GIF of the game so far
export-gif-search = GIF of the link search shown
export-frames = { $frames ->
        [one] { $frames } frame
       *[other] { $frames } frames
    }
menu-export-sliding = Export the sliding puzzle as PNG, SVG or GIF, its tables as Markdown…
export-png-position = PNG picture of the position shown
export-svg-position = SVG picture of the position shown
export-gif-puzzle-solution = GIF of the solution found, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
menu-export-snake = Export the Snake game as PNG or GIF…
menu-export-sokoban = Export the Sokoban position or solution as PNG or GIF…
menu-export-link = Export the Link board or search as PNG or GIF…
render-cell-range = a cell of { $cell } px is outside 1..=64
render-too-large = a { $width } x { $height } px picture is larger than 8192 px a side: choose smaller cells
render-empty = an empty board has no picture
render-fps-range = { $fps ->
        [one] { $fps } frame
       *[other] { $fps } frames
    } a second is outside 1..=50
render-steps-order = the first step ({ $from }) is after the last ({ $to })
render-gif-failed = cannot write the GIF: { $why }
render-png-failed = cannot encode the PNG: { $why }
render-cancelled = export cancelled
render-nothing = nothing to animate

## Assignment files (crates/games/src/assignments)
assignment-not-toml = not an assignment file: { $why }
assignment-questions = an assignment has 1 to { $max } { $max ->
    [one] question
   *[other] questions
} ([[question]] tables)
assignment-function-twice = two questions name the function `{ $function }`
assignment-bad-function = `{ $function }` cannot be the function's name: use letters, digits and _ (not search, problem or frontier)
assignment-bad-points = points must be a number above 0, at most 1000
assignment-bad-tier = a tier's points must be from 0 to the question's { $points }
assignment-no-tiers = a heuristic question needs at least one [[question.tier]]: the expansions in all and the points they earn
assignment-bad-check = unknown check “{ $check }” (expected bfs, dfs, ucs, astar, greedy or heuristic)
assignment-tests = a question has 1 to { $max } tests ([[question.test]] tables)
assignment-bad-max-expansions = max_expansions must be at least 1
assignment-bad-weight = a test's weight must be a number above 0
assignment-one-problem = a test names one problem: board, board_text, maze, puzzle or puzzle_depth
assignment-bad-heuristic = the heuristic: { $why }
assignment-board-too-big = a heuristic question checks every cell: its boards have at most { $max ->
    [one] one cell
   *[other] { $max } cells
}
assignment-bad-maze = the maze: { $why }
assignment-maze-size = a maze is 3 to 256 cells wide and high
assignment-bad-puzzle = the puzzle: { $why }
assignment-depth-eight = positions drawn by depth, and heuristic questions, are on the 3 x 3 puzzle (八数码): every position of it can be checked
assignment-too-deep = no position is { $moves ->
    [one] one move
   *[other] { $moves } moves
} from this goal: the farthest are { $farthest } away
assignment-tiers-order = the tiers must give more points for fewer expansions
assignment-tiers-on-search = tiers belong to heuristic questions: a search question's points are shared among its tests
assignment-board-goal = a board's goal is the board's own (its `goal` line): `goal` here is for puzzles
assignment-puzzle-diagonal = `diagonal` is for boards: the puzzle's blank moves in four directions

## Lesson files
lesson-not-toml = not a lesson file: { $why }
lesson-bad-id = the id must be letters, digits and hyphens
lesson-bad-language = unknown language “{ $language }” (expected en or zh-CN)
lesson-no-pages = the lesson has no pages (each starts with [[page]])
lesson-too-many-pages = more than { $max ->
        [one] { $max } page
       *[other] { $max } pages
    }
lesson-two-scenes = a page shows one thing: a board, a sokoban level, a snake game, a link board or a sliding puzzle
lesson-sliding-tables = a page makes pattern databases for 3 x 3 only (the 15-puzzle's take seconds, and a page opens at once): use linear-conflict
lesson-bad-value = { $why }
lesson-no-preset = no preset called “{ $name }”
lesson-bad-board = the board: { $why }
lesson-board-source = a board needs either preset or text
lesson-bad-moves = moves must be 4 or 8, not { $moves }
lesson-no-level = the collection has no level { $level }
lesson-bad-level = the level: { $why }
lesson-level-source = a level needs preset and level, or text
lesson-bad-states = states must be pushes or moves, not “{ $states }”
lesson-bad-run = run must be start, end, “step N” or “frontier above N”, not “{ $run }”
lesson-run-too-long = the run takes more than { $max ->
        [one] { $max } step
       *[other] { $max } steps
    }
lesson-run-ended-at = the search ended after { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    }, before step { $asked }
lesson-run-never-reached = the search ended after { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    } without reaching the event
lesson-question-needs-board = this kind of question needs a [page.board]
lesson-question-one-run = a predict question needs one search on the board (no compare)
lesson-bad-measure = measure must be f, g or h, not “{ $measure }”
lesson-few-choices = a choice question needs at least two choices
lesson-no-answer = a choice question needs answer (the number of the right choice, from 1)
lesson-answer-out-of-range = answer must be between 1 and { $count }
lesson-paint-wall-fields = a paint-wall question needs longer, shorter and solution = [x, y]
lesson-solution-fails = the solution does not pass the lesson's own check
lesson-bad-question-kind = unknown question kind “{ $kind }” (expected predict, joins, lowest, choice or paint-wall)

## Lessons
lesson-no-path = no path
lesson-lowest-right = Right: that cell has the lowest { $measure } in the frontier, { $value }.
lesson-lowest-higher = Not the lowest: yours has { $measure } { $yours }, but { $cell } has { $measure } { $lowest }.
lesson-lowest-not-frontier = That cell is not in the frontier: pick one of the cells waiting to be expanded.
lesson-choice-right = Right.
lesson-choice-wrong = Not “{ $picked }”: the right choice is “{ $choice }”.
lesson-paint-right = Right: with your wall { $longer }'s path costs { $longer_cost } and { $shorter }'s { $shorter_cost }.
lesson-paint-other-board = This is not the page's board any more: press “Back to the page's board” and paint one wall.
lesson-paint-not-one-wall = Paint exactly one new wall on the page's board (you changed { $changed ->
    [one] one cell
   *[other] { $changed } cells
}).
lesson-paint-not-longer = Not yet: { $longer }'s path costs { $longer_cost } and { $shorter }'s { $shorter_cost }.
lesson-not-opened = Could not open the lesson { $name }: { $why }
lessons-title = Lessons
lessons-progress = Page { $page } of { $pages } · { $right } of { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    } right
lessons-size = { $pages ->
        [one] { $pages } page
       *[other] { $pages } pages
    } · { $questions ->
        [one] { $questions } question
       *[other] { $questions } questions
    }
lessons-continue = Continue “{ $title }”
lessons-start = Start “{ $title }”
lessons-continue-short = Continue
lessons-start-short = Start
lessons-open-file = Open a lesson file…
lessons-all = All lessons
lessons-page-title = { $page }/{ $pages } · { $title }
lessons-previous = Previous page
lessons-next = Next page
lessons-reset-page = Back to the page's board
lessons-reset-page-hover = Puts the board, the search and the step back as this page showed them
lessons-check = Check my answer
lessons-click-a-cell = Answer by clicking a cell on the board.
lessons-paint-then-check = Paint on the board, then check it.
lessons-check-board = Check my board
lessons-try-again = Try again
dialog-lessons = Lessons
dialog-open-lesson = Open a lesson
menu-lessons = Lessons
menu-open-lesson = Open lesson…
lesson-board-kept = The lesson's board replaced yours, which had unsaved edits: Undo (Ctrl+Z) brings it back.
lessons-close = Close lessons
pf-first-meeting = Stop at the first meeting (the wrong rule)
pf-first-meeting-tip = Bidirectional searches stop as soon as the two sides meet, the rule most people guess. The path they return can cost more than the cheapest: "Optimal?" says by how much.
lesson-bad-stop = stop must be proven or first-meeting, not “{ $stop }”
lessons-pick-cells = Click each cell that joins the frontier at the next step (click again to take it back), then check.
lessons-check-cells = Check my cells
joins-none = none
joins-right = Right: { $count ->
    [one] one cell joins
   *[other] { $count } cells join
}, { $cells }.
joins-wrong = Not quite: the cells joining are { $cells }. Picked but not joining: { $extra }. Missed: { $missed }.
predict-ask-for = Ask for:
predict-ask-next = the cell expanded next
predict-ask-joins = the cells that join the frontier
predict-check-joins = Check my cells and step
predict-ask-joins-now = Your turn: click every cell that joins the frontier at the next step (click again to take one back), then Check my cells and step.
link-naive-title = the naive search (cells, not headings)
link-naive-visiting = The naive search, a cell per step beside it, has visited { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    }; the last, { $last }, keeps the heading it was first reached by.
link-naive-code-1 = queue ← [first tile]; mark it visited with no heading and 0 turns
link-naive-code-2 = while queue is not empty:
link-naive-code-3 = {"    "}c ← queue.pop_front()
link-naive-code-4 = {"    "}if c is the second tile: return its turns
link-naive-code-5 = {"    "}for each neighbour m of c (turns + 1 if the heading changes):
link-naive-code-6 = {"        "}if m is not visited: mark it visited with this heading and turns; queue.push_back(m)   ▹ a later, better heading is refused
link-naive-code-7 = return no link
predict-push = the push of the box at { $from } to { $to }
predict-push-button = { $number }: box { $from } → { $to }
hint-push-not-proven = Hint: push the marked box { $dir }: a solution in { $pushes ->
        [one] 1 push
       *[other] { $pushes } pushes
    } from here, not proven shortest (found by { $search }).
edit-solvable-not-proven = Solvable: a solution in { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }, not proven the fewest (found by { $search }; { $positions ->
        [one] { $positions } position
       *[other] { $positions } positions
    }).
solve-portfolio = Solve with the portfolio
solve-portfolio-tip = A* alone for the first second, then A*, greedy and greedy pulling from the goals (plain, and taking novel positions first) take turns for up to 10 s in all: a solution even where A* cannot prove the best one in time. Pulling the boxes off their goals, backwards, empties a goal room in an order that works, where forwards most orders jam. On levels of 12 boxes or more the feature-space search (FESS) takes turns too, guided by what a position is like (boxes packed in order, areas and links between rooms opened) and pushing a box to the next goal in one move. Once a search other than A* has a solution, A* goes on alone; only an answer A* found is said to be proven shortest.
auto-heading = The portfolio: A*, greedy, greedy pulling backwards, and FESS
auto-greedy-pulling = Greedy best-first, pulling from the goals
auto-meeting = Greedy pulling from the goals, meeting a forward search
auto-greedy-pulling-short = Greedy pulling
auto-novel-pulling = Greedy pulling from the goals, novel positions first
auto-novel-pulling-short = Novel pulling
auto-meeting-short = Meeting
auto-fess = Feature-space search (FESS)
auto-fess-short = FESS
fess-cells-heading = Feature space: { $cells ->
        [one] { $cells } cell
       *[other] { $cells } cells
    }
fess-cells-about = The feature-space search files each position in the cell of its features and takes the cells in turn, the least explored first; a move an advisor proposes (packing the next goal, opening an area or a link) weighs nothing, so it is tried first. Packed: boxes on goals in packing order; Areas: the areas the boxes cut the free squares into; Links: links between rooms a box blocks; Off plan: boxes on goals out of that order; then the positions in the cell and the moves made from them.
fess-layout = { $rooms ->
        [one] { $rooms } room
       *[other] { $rooms } rooms
    }, { $links ->
        [one] { $links } link
       *[other] { $links } links
    } between rooms; { $goals ->
        [one] { $goals } goal
       *[other] { $goals } goals
    } in { $groups ->
        [one] { $groups } group
       *[other] { $groups } groups
    }, each packed in its order.
fess-packed = Packed
fess-areas = Areas
fess-links = Links
fess-out-of-plan = Off plan
fess-positions = Positions
fess-moves = Moves
fess-cells-more = … and { $more } more cells.
fess-steps-heading = The solution in the search's moves
fess-steps-about = { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } made of { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }: a macro is one move, the squares its box was pushed through listed.
fess-step = { $number }. { $kind } ({ $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }): { $squares }
fess-kind-push = push
fess-kind-tunnel = tunnel macro
fess-kind-goal-room = goal-room macro
fess-kind-pack = packing macro
auto-alone = A* alone, for an answer proven shortest ({ $seconds } s of 10 s).
auto-turn = Taking turns: { $search } has the slice ({ $seconds } s of 10 s).
auto-over = Over after { $seconds } s.
auto-search = Search
auto-stored = Stored
auto-state = State
auto-running = running
auto-gave-up = gave up
auto-stopped = stopped
auto-found = found a solution
auto-searched-all = searched all
auto-solved-optimal = Solved by { $search }: { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, proven push-optimal.
auto-solved-not-proven = Solved by { $search }: a solution in { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }, { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }; not proven shortest.
auto-no-solution = No solution: a search went through every position.
auto-unsolved = Not solved within 10 s.
auto-held = Best so far: a solution in { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    } by { $search }. A* goes on alone, to find the shortest.
auto-deadlocks = Deadlock table, shared by the searches that push: { $patterns } dead fences learned from { $searches } corral checks; { $matches ->
        [one] { $matches } position
       *[other] { $matches } positions
    } found dead with it.
auto-unsolved-bound = Not solved within 10 s; A* proved that any solution needs at least { $pushes ->
        [one] { $pushes } push
       *[other] { $pushes } pushes
    }.

# Links that open a view (src/share.rs).
share-not-frontier = this is not a Frontier link (its part after # does not start with v1.)
share-other-version = the link was made by another version of Frontier ({ $version })
share-damaged = the link is damaged ({ $why })
share-cut-short = the link is cut short or damaged
share-too-large = the link's view is more than { $mib } MiB
share-bad-part = the { $part } in the link does not read: { $why }
share-part-board = board
share-part-search = search
share-part-heuristic = heuristic
share-part-level = level
share-part-position = position
share-part-goal = goal
share-part-snake = Snake board
share-part-pilot = planner
share-part-moves = list of moves
share-not-on-puzzle = { $search } runs on the Pathfinding board only, not on a puzzle
share-snake-size = it is { $width } x { $height } cells; a Snake board is { $min } to { $max } cells a side
share-snake-ragged = row { $row } is not as long as the first
share-snake-cell = `{ $letter }` in row { $row } is neither a wall (#) nor floor (.)
share-snake-long = { $moves ->
    [one] one move is
   *[other] { $moves } moves are
} more than a link may hold (at most { $max })
share-snake-letter = `{ $letter }` at move { $at } is not one of l, u, r, d
share-snake-over = the game is over before move { $at }
pasted-board = the pasted board
paste-board-title = Paste a board
paste-board-text = Paste a board (Frontier's board text, as a .board file holds it) or a Moving AI map:
paste-board-open = Open it
menu-paste-board = Paste a board…
menu-paste-board-tip = Opens a board or a Moving AI map from pasted text (or press Ctrl+V on the board)
does-paste-board = open the board pasted
menu-copy-link = Copy link
menu-copy-link-tip = A link that opens what you see, the board (or level, or lesson page) with its search at this step, for anyone you send it to
menu-open-link = Open link…
share-refused-title = Copy this link
share-refused-text = The browser did not let Frontier copy the link ({ $why }). Select it below and copy it yourself, or share it.
share-refused-field = The link
share-refused-share = Share…
share-refused-close = Close
share-window-title = Open a link
share-window-text = Paste a Frontier link: it opens the board, level, game, puzzle or lesson page it was made on.
share-window-field = Link to open
share-window-open = Open
share-copied = Link copied ({ $characters ->
        [one] { $characters } character
       *[other] { $characters } characters
    }), on { $page }: whoever opens it sees this.
share-copied-local = Link copied ({ $characters ->
        [one] { $characters } character
       *[other] { $characters } characters
    }), but it points at { $page }, which only this computer can open: set the page your students open (File → Page for links…).
share-page-empty = no address was typed
share-page-not-web = { $page } is not a web page's address: it starts with http:// or https://
share-page-no-host = { $page } names no server after http:// or https://
share-page-bad-letter = { $page } has a space or a # in it: a page's address has neither (the view goes after the #)
menu-link-page = Page for links…
menu-link-page-tip = The address of the page your students open, where Frontier's web build is published: the links you copy point there.
link-page-title = Page for links
link-page-text = A link you copy opens this page with your view in it. Give the address where Frontier's web build is published for your students: a school server, GitHub Pages, any static host.
link-page-now = Links point to { $page } now ({ $source }).
link-page-local = Only this computer can open that page: a student who follows the link sees nothing.
link-page-source-chosen = set here
link-page-source-environment = from the FRONTIER_PAGE environment variable
link-page-source-build = the page this build was made for
link-page-source-this-page = the page this app runs on
link-page-source-unknown = no page is known
link-page-field = Page address
link-page-save = Use this page
link-page-forget = Forget it
link-page-forget-tip = Links point again to the page known otherwise (FRONTIER_PAGE, the build's own page, or this page in a browser).
link-page-close = Close
link-page-set = Links now point to { $page }.
saved-link-page-reset = the page for links was forgotten ({ $why })
share-nothing = { $tab } has nothing to put in a link yet: a link opens a Pathfinding board, a Sokoban level, a Snake game, a Link board, a sliding puzzle or a lesson page.
share-not-opened = The link could not be opened: { $why }. Nothing was changed.
share-board-kept = The linked board replaced yours, which had unsaved edits.
share-board-back = Bring back my board
share-board-keep-link = Keep the link's board
share-no-lesson = there is no lesson { $id } here, and the link does not carry it
share-level = Linked level
share-stray-letter = `{ $letter }` at letter { $at } is not in any link
dstar-plans-again = The board changed during D* Lite's first plan: it plans again on the edited board and catches up (a repair mends a finished plan).
preparing-board = Getting the { $width } x { $height } board ready: working out each cell's moves…
preparing-board-jumps = Getting the { $width } x { $height } board ready: working out each cell's moves and JPS's jump distances…
preparing-board-why = Worked out once per board and kept up to date as you paint; on a board this big they take a moment, so the runs begin when they are ready.
preparing-board-runs-wait = The runs begin as soon as the board is ready.

## The Sliding puzzle tab (八数码 / the 15-puzzle)
does-sliding-slide = slide the tile that moves that way into the blank
does-sliding-shuffle = shuffle a new game
does-sliding-paste = play the position pasted
does-sliding-watch = while a search is watched: play, step, step back, start, end
sliding-heading = Sliding puzzle
sliding-mode-play = Play
sliding-mode-watch = Watch a search solve it
sliding-mode-watch-tip = The search chosen below solves the position as it stands now, step by step: the position it expands, its frontier, its pseudo-code.
sliding-status = Sliding puzzle { $side } x { $side }   ·   { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }
sliding-score = Moves: { $moves }   Time: { $seconds } s
sliding-best = best: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $seconds } s
sliding-is-solved = solved!
sliding-tile = Tile { $tile }
sliding-undo = Undo
sliding-restart = Restart
sliding-size = Size
sliding-size-8 = 3 x 3 (8-puzzle, 八数码)
sliding-size-15 = 4 x 4 (15-puzzle)
sliding-size-n = { $side } x { $side }
sliding-goal = Goal
sliding-goal-blank-first = blank first (Korf's)
sliding-goal-blank-last = blank last
sliding-goal-snail = snail, blank in the middle
sliding-goal-custom = the one typed below
sliding-goal-typed = Goal position
sliding-set-goal = Set goal
sliding-goal-kept-position = The goal changed: the game goes on from the position on the board, its moves counted afresh.
sliding-other-size = the board becomes { $side } x { $side }
sliding-new-game-title = Start a new game?
sliding-new-game-text = The game on the board cannot go on towards that goal ({ $why }): a new game would be shuffled, and this one's { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } lost.
sliding-new-game-yes = New game
sliding-new-game-no = Keep this game
sliding-goal-line = Goal: { $goal } ({ $name })
sliding-goal-board = The goal
sliding-goal-refused = That goal is not a position: { $why }.
sliding-shuffle-moves = Random moves
sliding-shuffle = Shuffle
sliding-shuffle-tip = A new game: that many random moves of the blank from the goal, so the position is at most that many moves away (S).
sliding-random = Random position
sliding-random-tip = A new game from any position that can reach the goal, each as likely.
sliding-position = Position
sliding-position-tip = Tiles row by row, 0 (or _ . x) for the blank: 1 2 3 4 0 5 7 8 6. Paste one from a book or a contest problem.
sliding-play-position = Play this position
sliding-position-refused = That position cannot be played: { $why }.
sliding-solved = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } and { $seconds } s.
sliding-solved-best = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } and { $seconds } s: your best on this size and goal, both.
sliding-solved-fewest = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }: your fewest on this size and goal.
sliding-solved-fastest = Solved in { $seconds } s: your fastest on this size and goal.
sliding-solved-helped = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, by the computer's solution: no best result.
sliding-unchanged = The game is unchanged.
sliding-search = Search
sliding-heuristic = Heuristic
sliding-h-misplaced = misplaced tiles
sliding-h-manhattan = Manhattan distance
sliding-h-linear-conflict = Manhattan + linear conflicts
sliding-h-pdb = pattern database
sliding-h-zero = none (h = 0)
sliding-h-inconsistent = Manhattan on half the positions (admissible, not consistent)
sliding-compare = Compare with another search
sliding-compare-tip = Both searches solve the same position side by side, step for step, on one chart.
sliding-compare-search = Second search
sliding-compare-heuristic = Its heuristic
sliding-predict = Predict the next step
sliding-predict-tip = Before each step, click the frontier position you think the search expands next: it takes the step and tells you whether you were right, and why.
sliding-predict-ask = Your turn: which frontier position does the search expand next? Click it.
sliding-watch-hint = "Watch a search solve it" runs { $search } from the position on the board.
sliding-tables-building = Making the pattern database (the 15-puzzle's 6-6-3 tables, 11.5 MB): the search starts when they are made.
sliding-tables-building-tip = Made once, then kept while the app runs: a few seconds on a laptop, longer in a browser.
sliding-tables-cancel = Stop making them
sliding-tables-cancelled = The pattern database was not made: the search did not start. Choose another heuristic, or watch again to make it.
sliding-tables-failed = the pattern database could not be made
sliding-play-solution = Play the solution on the board
sliding-play-solution-tip = The moves found are played on the board one by one, from the position the search solved; a game solved so sets no best result.
sliding-solution-elsewhere = The game has moved since this search began: watch a search solve the position it stands at now.
sliding-replaying = Playing the solution: move { $played } of { $moves }
sliding-replay-stop = Stop and play on by hand
sliding-replay-stop-tip = The solution stops here; the board is yours from this position (a game solved so still sets no best result).
sliding-expanded-board = The position expanded
sliding-expanded-start = The start: nothing expanded yet.
sliding-expanded-goal = The goal, taken from the frontier: the search stops.
sliding-expanded-values = depth { $depth }   g = { $g }   h = { $h }   f = { $f }
sliding-counts = Step { $step }: { $expanded } expanded, { $frontier } in the frontier, { $visited } visited
sliding-found = Solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }:
sliding-letters = The letters are the blank's moves (U up, D down, L left, R right); the arrow keys move a tile, the opposite way.
sliding-copy-moves = Copy all the moves
sliding-copy-moves-tip = Puts the { $moves ->
        [one] { $moves } letter
       *[other] { $moves } letters
    } on the clipboard.
sliding-frontier-heading = The frontier: { $count ->
        [one] { $count } position
       *[other] { $count } positions, the first as the search ranks them
    }
sliding-frontier-earlier = The frontier at step { $step }, shown while the search runs: { $count ->
        [one] { $count } position
       *[other] { $count } positions, the first as the search ranks them
    }
sliding-frontier-board = Frontier position { $place }: g { $g }, h { $h }, f { $f }
sliding-frontier-more = … and { $more } more
sliding-code-heading = Pseudo-code
sliding-chart-heading = Frontier (solid) and visited (dashed) by step
sliding-finished-heading = Searches run to the end on this position
sliding-finished-none = None yet: run a search to its end ("To end"), then change the heuristic and run again to compare.
sliding-finished-numbers = { $expanded } expanded · { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } · b* { $branching }
sliding-finished-unsolved = { $expanded } expanded · no solution
sliding-depth-heading = Expansions at each depth (log scale): a better heuristic cuts the deep layers.
sliding-narrate-ready = Ready: the frontier holds the start.
sliding-narrate-from-goal = (from the goal)
sliding-narrate-expanded = Expanded a position{ $side } at depth { $depth } (g { $g }, h { $h }): { $added ->
        [one] { $added } new position joined
       *[other] { $added } new positions joined
    } the frontier, { $improved } got a shorter route.
sliding-narrate-found = The goal came out of the frontier: solved in { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    } after { $expanded ->
        [one] { $expanded } expansion
       *[other] { $expanded } expansions
    }.
sliding-narrate-exhausted = The frontier is empty: no position left to expand.
sliding-narrate-gave-up = Stopped after { $expanded ->
        [one] { $expanded } expansion
       *[other] { $expanded } expansions
    }: the search reached its limit.
# A text shown as it is, in any language.
plain-text = { $text }

# The sliding puzzle's positions, read and checked.
puzzle-count = a puzzle has 4, 9, 16 or 25 numbers (2 x 2 to 5 x 5), not { $count }
puzzle-not-a-tile = { $tile } is not a tile of a { $side } x { $side } puzzle (0 to { $last })
puzzle-twice = { $tile } appears twice
puzzle-not-a-number = `{ $word }` is not a tile number
puzzle-too-many = a puzzle has at most 25 numbers (5 x 5)
puzzle-bad-letter = move { $at }: `{ $letter }` is not U, D, L or R
puzzle-blocked-move = move { $at }: the blank cannot go { $way } from there
puzzle-other-size = the goal is { $goal } x { $goal } and the position { $side } x { $side }
puzzle-unsolvable = unsolvable: every move swaps the blank with a tile and moves the blank one cell, so the parity of the swaps that make the goal and of the blank's distance to its goal cell change together; here the swaps are { $swaps } and the distance { $distance }
puzzle-odd = odd
puzzle-even = even

# The judge of a search someone wrote (judged.rs).
judge-ucs = Uniform-cost search
judge-follows = A correct { $rule } on this problem: { $expansions ->
    [one] one expansion
   *[other] { $expansions } expansions
}, each one the rule allows, and the path it promises.
judge-step = Step { $step }: { $what }
judge-not-reached = you expanded { $state }, which no earlier step had generated.
judge-expanded-again = you expanded { $state } again (first at step { $first }): a graph search keeps a visited set and expands a state once.
judge-order-bfs = you expanded { $state } at depth { $mine }, but { $waiting } at depth { $theirs } was still in your frontier: a BFS expands every state at depth { $theirs } first.
judge-order-dfs = you expanded { $state }, but { $waiting }, generated after it, was still in your frontier: a DFS takes the newest state first.
judge-order-ucs = you expanded { $state } with g = { $mine }, but { $waiting } with g = { $theirs } was still in your frontier: uniform-cost search takes the lowest g first.
judge-order-astar = you expanded { $state } with f = g + h = { $mine }, but { $waiting } with f = { $theirs } was still in your frontier: A* takes the lowest f first.
judge-order-greedy = you expanded { $state } with h = { $mine }, but { $waiting } with h = { $theirs } was still in your frontier: greedy search takes the lowest h first.
judge-like-stack = Your frontier behaves like a stack.
judge-like-queue = Your frontier behaves like a queue.
judge-like-last-step = You ranked the frontier by the cost of the last step alone; g is the whole cost from the start.
judge-like-only-g = You ranked the frontier by g alone; A* adds h.
judge-like-only-h = You ranked the frontier by h alone; A* adds g.
judge-past-goal = you went on after expanding the goal { $goal }.
judge-bad-path = the path you returned breaks at its state number { $at } (from 0): it must start at the start, go by single moves and end at a goal.
judge-not-fewest = your path has { $moves ->
    [one] one move
   *[other] { $moves } moves
}, but the shortest has { $best }: a BFS finds the fewest moves.
judge-not-cheapest = your path costs { $cost }, but the cheapest costs { $best }: { $rule } finds the cheapest path.
judge-missed-goal = you returned no path, but the goal can be reached.
judge-stopped-early-ucs = you returned a path costing { $cost }, but { $waiting } with g = { $theirs } was still in your frontier: uniform-cost search tests the goal when it takes it from the frontier, not when it generates it, so that its path is surely the cheapest.
judge-stopped-early-astar = you returned a path costing { $cost }, but { $waiting } with f = g + h = { $theirs } was still in your frontier: A* tests the goal when it takes it from the frontier, not when it generates it, so that its path is surely the cheapest.

# A student's own search in Python (crates/script).
script-limit-expansions = Stopped at the limit of { $limit ->
    [one] one expansion
   *[other] { $limit } expansions
} (calls of successors).
script-limit-calls = Stopped after { $limit ->
    [one] one call
   *[other] { $limit } calls
} into Frontier: your program keeps calling is_goal, h or the frontier without expanding.
script-limit-recursion = Stopped: your calls nested deeper than { $limit } (RecursionError). Does a function call itself without end?
script-limit-memory = Stopped: your program's values took more than { $megabytes } MB (MemoryError).
script-limit-stretch = Stopped: your program ran { $seconds } s without calling successors, is_goal or the frontier. Is there a loop that never ends?
script-limit-output = Stopped: your program printed more than { $kilobytes } KB.
script-limit-total = Stopped: your program took more than { $seconds } s in all. Is your function much slower than it needs to be?
script-not-a-number = { $function }({ $state }, goal) returned { $returned }: a heuristic returns a number.
script-no-system = Frontier runs your code without files, network or the system.
script-no-async = Frontier runs no async code.
script-undefined = Your program defines no function `{ $function }`: write `def { $function }(…):` as the question asks.
script-not-a-path = { $function }(problem) must return a list of states from the start to a goal, or None; it returned { $returned }.
script-one-state = problem.{ $method }() takes one state.
script-not-a-state = problem.{ $method }() takes a state, a tuple such as { $example }; it got { $value }.
script-container-changed = The frontier's own fields (_id, _next, _entries) were changed.
script-priority-number = A priority must be a number.
script-container-empty = pop from an empty frontier

# Grading a submission (crates/script/src/grade.rs).
grade-all-passed = { $tests ->
    [one] The test passed.
   *[other] All { $tests } tests passed.
}
grade-first-failed = { $passed } of { $tests } tests passed. “{ $test }”: { $why }
grade-hidden-state = a state
grade-hidden-other-state = another state
grade-hidden-raised = Your function raised { $kind } on this hidden test (its message is not shown: it may name the test's states).
grade-hidden-not-a-path = { $function }(problem) returned something that is not a list of states from the start to a goal, or None (not shown for a hidden test).
grade-hidden-flaw = { $admissible ->
    [true] Not consistent on a hidden test's board: along some move your estimate drops by more than the move costs.
   *[false] Not admissible on a hidden test's board: somewhere your estimate is more than the true cost to the goal.
}
grade-report-ok = ok
grade-report-fail = FAIL
grade-report-hidden = (hidden)
grade-astar-expanded = A* with your heuristic expanded { $expansions ->
    [one] one state
   *[other] { $expansions } states
}.
grade-heuristic-full = Admissible, consistent, and A* with it expanded { $expansions ->
    [one] one state
   *[other] { $expansions } states
} in all: full marks.
grade-heuristic-tier = Admissible and consistent; A* with it expanded { $expansions ->
    [one] one state
   *[other] { $expansions } states
} in all, which scores { $score }: at most { $within } scores more.
grade-admissible-consistent = Admissible and consistent
grade-checked-states = Checked on every one of { $states ->
    [one] one state
   *[other] { $states } states
} and on every move between them.
grade-expansions-in-all = Expansions in all
grade-not-admissible = Not admissible: { $function }({ $state }, { $goal }) = { $value }, but that state is only { $distance } from the goal. A heuristic must never overestimate.
grade-not-consistent = Not consistent: { $function }({ $state }, { $goal }) = { $value }, but one move of cost { $cost } leads to { $next }, where it is { $next_value }. Along a move h may drop by at most the move's cost.

## The code panel: the student's own search in Python.
algo-your-code = Your code
predict-rule-your-code = Your program expands the state it takes from its frontier next
code-run = Run code
code-run-tip = Runs the program on this board and shows its search from step 0 (Ctrl+Enter)
code-check = Check against
code-check-none = nothing
code-running = Running your program… { $expansions ->
    [one] one expansion
   *[other] { $expansions } expansions
} so far
code-edited = The board shows the program as it last ran: Run to see your edits.
code-program = Your program (Python)
code-console = Output
code-console-empty = What your program prints with print() appears here, step by step.
code-waiting = Running your program…
code-stopped = Your program stopped: { $why }
code-show-step = Show step { $step }
code-no-check = Choose a search under “Check against” to have your run judged.
code-bring-back = Bring back my program
code-bring-back-tip = The link put its own program in the editor; this swaps yours back (and the link's can be swapped in again).
sliding-frontier-heading-code = What your frontier holds: { $count ->
        [one] { $count } position
       *[other] { $count } positions, the nearest to the start first (your program takes them in its own order)
    }
sliding-frontier-earlier-code = What your frontier held at step { $step }, shown while the run plays: { $count ->
        [one] { $count } position
       *[other] { $count } positions, the nearest to the start first
    }
code-worker-failed = Python stopped in the browser ({ $why }). Run again to start it afresh.
code-thread-failed = Python stopped without an answer. Run again to start it afresh.

## The assignment panel (src/app/assignments).
assignments-title = Assignments
assignments-close = Close
assignments-all = All assignments
assignments-open = Open
assignments-open-named = Open the assignment “{ $title }”
assignments-open-file = Open an assignment file…
assignments-last-check = Last check: { $score } / { $max } on the tests you can see
assignments-size = { $questions ->
    [one] One question
   *[other] { $questions } questions
}, points: { $points }
assignments-handout = Handout
assignments-points = Points: { $points }
assignments-your-file = Your file (every question's function in one Python file)
assignments-check = Check
assignments-check-tip = Runs the tests you can see on your file (Ctrl+Enter). The hidden ones are run when your teacher grades it.
assignments-checking = Checking…
assignments-edited = Edited since the last check.
assignments-score = On the tests you can see: { $score } / { $max }. The hidden tests give the rest of the total ({ $total }) when your teacher grades your file.
assignments-test-passed = Passed: { $test }
assignments-test-failed = Failed: { $test }
assignments-show = Show on the board
assignments-show-named = Show “{ $test }” on the board with your search (after a check, at the step that broke the rule)
assignment-export = Export my work…
assignment-exported = Your work is saved in { $file }: hand in this file.
assignment-shim-comment = Frontier: the board runs the question's function as search
dialog-assignments = Assignments
dialog-open-assignment = Open an assignment
dialog-python = Python files
menu-assignments = Assignments
menu-open-assignment = Open an assignment file…

## The search tree and the OPEN and CLOSED tables of the sliding puzzle
search-tree-title = Search tree: { $search } · step { $step }
search-tree-legend-depth = Under each board: its name and g, the moves from the start.
search-tree-legend-cost = Under each board: its name and g(n), the cost from the start; the search takes the lowest g first.
search-tree-legend-greedy = Under each board: its name and { $h }(n); greedy takes the lowest first.
search-tree-legend-astar = Evaluation function f(n) = d(n) + { $h }(n). Under each board: its name, then d + { $h } = f.
search-tree-legend-weighted = Evaluation function f(n) = d(n) + { $weight } × { $h }(n). Under each board: its name, then d + { $weight } × { $h } = f.
search-tree-marks = Disc: the order expanded. Dashed: in OPEN. Faint: a repeat, not kept.
search-tree-repeat = repeat
search-tree-replaced = (replaced)
search-tables-title = OPEN and CLOSED tables: { $search }
search-tables-step = Step
search-tables-taken = Node expanded
search-tables-open = OPEN
search-tables-closed = CLOSED
search-tables-goal = (goal)
search-tables-no-solution = OPEN is empty: no solution
sliding-view-boards = Boards
sliding-view-tree = Search tree
sliding-view-tables = OPEN/CLOSED
sliding-view-label = What the middle shows
sliding-tree-not-best-first = The search tree and the OPEN and CLOSED tables are drawn for the searches with one OPEN table: BFS, DFS, Dijkstra, A*, weighted A* and greedy. Pick one of them.
sliding-tree-full = The tree stops at step { $step }, at { $nodes } nodes: more cannot be read. The search goes on in the Boards view.
sliding-tree-zoom = Drag to pan, Ctrl + scroll or pinch to zoom.
sliding-tree-fit = Fit
export-png-tree = The search tree at this step (PNG)
export-svg-tree = The search tree at this step (SVG)
export-png-tables = The OPEN and CLOSED tables to this step (PNG)
export-svg-tables = The OPEN and CLOSED tables to this step (SVG)
export-md-tables = The OPEN and CLOSED tables to this step (Markdown)
sliding-view-heuristics = Heuristics table
sliding-compare-intro = A* with each heuristic on { $per_depth } random positions at each depth (each exactly that many moves from the goal): the mean count and its effective branching factor b*, where N + 1 = 1 + b* + b*² + … + b*^d.
sliding-compare-refused = The table is made for 八数码 only: { $why }
sliding-compare-progress = { $done } of { $all } searches
sliding-compare-count = Count
sliding-compare-expanded = positions expanded
sliding-compare-generated = positions generated
sliding-compare-depth = Depth
sliding-compare-book = Russell and Norvig's table (Artificial Intelligence: A Modern Approach, 3rd ed., Figure 3.29) counts nodes generated, toward the goal with the blank first: at depth 12, 227 with misplaced tiles and 73 with Manhattan distance; at depth 20, 7,276 and 676. Frontier's counts are lower (docs/searches.md says why); the shape is the same.
sliding-path-only = Keep only the path (the textbook's IDA*)
sliding-path-only-tip = Without a table of the positions each iteration reached: the run holds the path and the moves still to try on it, and a position reached again along another path is expanded again. Korf's IDA* (1985) is this.
sliding-path-only-short = path only
sliding-memory = Memory held: { $memory }
lesson-code-fields = A page's own search needs both `program` (the skeleton the code panel opens with) and `check` (bfs, dfs, ucs, astar or greedy)
lesson-code-question-needs-program = A "code" question needs its page to give `program` and `check`
lessons-write-then-check = Complete the program in the code panel and press Run there; then check it here.
lessons-check-code = Check my search
lessons-run-code-first = Run your program first (Run, in the code panel): there is nothing to judge yet.
sliding-compare-ids = IDS: iterative deepening holding its path (to depth 10; its positions generated are not counted)
sliding-compare-ids-column = IDS
