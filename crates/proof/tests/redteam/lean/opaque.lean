-- expect: no-opaque
import GripperStrips

opaque cheat : Nat

def ValidInit (s : State) : Prop := True
def ValidGoal (s : State) (g : Goal) : Prop := SatisfiesGoal s g
def solve (s : State) (g : Goal) : List PlanAction := []

theorem solveComplete
    (s : State)
    (g : Goal)
    (hinit : ValidInit s)
    (hgoal : ValidGoal s g) :
    ValidPlan (solve s g) s ∧
    SatisfiesGoal (runPlan (solve s g) s) g := by
  exact ⟨trivial, hgoal⟩
