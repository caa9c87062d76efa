-- expect: no-section-variable
import GripperStrips

-- The hypothesis becomes an argument of solveComplete without changing its text.
variable (h : False)
include h

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
