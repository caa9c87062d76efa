Theorem solveComplete (s : State) (g : Goal) (hinit : ValidInit s) (hgoal : ValidGoal s g) :
  ValidPlan (solve s g) s /\ SatisfiesGoal (runPlan (solve s g) s) g.
