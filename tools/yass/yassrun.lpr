{ Solves one Sokoban level with YASS (Brian Damgaard's solver, GPL; not part of Frontier),
  through its plug-in interface, set up as its Android port sets it up for solving
  (perimeter search, packing order from 9 boxes) with the optimizer off.

    yassrun LEVEL.xsb SECONDS TABLE_MIB

  Prints "solved MS ms N moves LURD" or "unsolved MS ms". Compiled with YASS.pas beside it:
  fpc -O3 -Mdelphi yassrun.lpr (see README.md). }
program yassrun;
{$MODE DELPHI}
uses SysUtils, Classes, YASS;

var SokobanStatus:TSokobanStatus;
    Lines:TStringList; W,H,Col,Row:Integer; BoardAsText,S:String;
    InitializeErrorText:String; InitializePluginResult:TPluginResult;
    T0:QWord; Solved:Boolean;

{ YASS reports its progress here; the driver prints only the outcome. }
function CallBack(): Integer; stdcall;
begin Result:=0; end;

begin
  Lines:=TStringList.Create; Lines.LoadFromFile(ParamStr(1));
  H:=Lines.Count; W:=0;
  for Row:=0 to H-1 do if Length(Lines[Row])>W then W:=Length(Lines[Row]);
  BoardAsText:='';
  for Row:=0 to H-1 do begin S:=Lines[Row]; while Length(S)<W do S:=S+' '; BoardAsText:=BoardAsText+S; end;
  SokobanStatus.Size:=SizeOf(TSokobanStatus);
  Positions.MemoryByteSize:=StrToInt(ParamStr(3))*1024*1024;
  Solver.SearchLimits.TimeLimitMS:=StrToInt(ParamStr(2))*1000;
  Solver.SearchLimits.PushCountLimit:=High(Solver.SearchLimits.PushCountLimit);
  Solver.SearchLimits.DepthLimit:=MAX_HISTORY_BOX_MOVES;
  Optimizer.SearchLimits.PushCountLimit:=Solver.SearchLimits.PushCountLimit;
  Optimizer.SearchLimits.DepthLimit:=Solver.SearchLimits.DepthLimit;
  Optimizer.SearchLimits.TimeLimitMS:=Solver.SearchLimits.TimeLimitMS;
  Solver.BackwardSearchDepthLimit:=Solver.SearchLimits.DepthLimit;
  Game.DeadlockSets.AdjacentOpenSquaresLimit:=1;
  Game.DeadlockSets.BoxLimitForDynamicSets:=DEFAULT_DEADLOCK_SETS_BOX_LIMIT_FOR_DYNAMIC_SETS;
  Game.DeadlockSets.BoxLimitForPrecalculatedSets:=DEFAULT_DEADLOCK_SETS_BOX_LIMIT_FOR_PRECALCULATED_SETS;
  Solver.SearchMethod:=TSearchMethod.smPerimeter;
  Solver.Enabled:=True;
  Solver.FindPushOptimalSolution:=False;
  Optimizer.Enabled:=False;
  Optimizer.QuickVicinitySearchEnabled:=False;
  Solver.ShowBestPosition:=False;
  Solver.StopWhenSolved:=True;
  UserInterface.Prompt:=False;
  Solver.ReuseNodesEnabled:=False;
  LogFile.Enabled:=False;
  Solver.PackingOrder.Enabled:=True;
  Solver.PackingOrder.BoxCountThreshold:=9;
  Solver.SokobanCallBackFunction:=@CallBack;
  Solver.SokobanStatusPointer:=@SokobanStatus;
  T0:=GetTickCount64; Solved:=False;
  try
    if YASS.Initialize(Positions.MemoryByteSize, Solver.SearchLimits.PushCountLimit, Solver.SearchLimits.DepthLimit,
         Solver.BackwardSearchDepthLimit, Optimizer.SearchLimits.PushCountLimit, Optimizer.SearchLimits.DepthLimit,
         Game.DeadlockSets.AdjacentOpenSquaresLimit, Game.DeadlockSets.BoxLimitForDynamicSets,
         Game.DeadlockSets.BoxLimitForPrecalculatedSets, Solver.SearchMethod, Solver.Enabled, Optimizer.Enabled,
         Optimizer.QuickVicinitySearchEnabled, Solver.ShowBestPosition, Solver.StopWhenSolved, UserInterface.Prompt,
         Solver.ReuseNodesEnabled, LogFile.Enabled, Solver.PackingOrder.Enabled, Solver.PackingOrder.BoxCountThreshold,
         Solver.SearchLimits.TimeLimitMS, Optimizer.SearchLimits.TimeLimitMS, Optimizer.BoxPermutationsSearchTimeLimitMS,
         Optimizer.MethodEnabled, Optimizer.MethodOrder, Optimizer.Optimization, Optimizer.VicinitySettings,
         Solver.SokobanCallBackFunction, Solver.SokobanStatusPointer) then begin
      InitializeBoard(W,H,True);
      for Row:=1 to Game.BoardHeight do
        for Col:=1 to Game.BoardWidth do
          Game.Board[ColRowToSquare(Col,Row)]:=Legend.CharToItem[BoardAsText[(Row-1)*Game.BoardWidth+Col]];
      InitializePluginResult:=prOK;
      if InitializeGame(InitializePluginResult,InitializeErrorText) then begin
        Solved:=Search;
        if Solved then WriteLn('solved ', GetTickCount64-T0, ' ms ', Length(GameHistoryMovesAsText), ' moves ', GameHistoryMovesAsText)
        else WriteLn('unsolved ', GetTickCount64-T0, ' ms');
      end else WriteLn('init game failed: ', InitializeErrorText);
    end else WriteLn('init failed');
  finally YASS.Finalize; end;
end.
