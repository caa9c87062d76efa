-- expect: no-native-decide
import GripperStrips

def ValidInit (s : State) : Prop := True
def ValidGoal (s : State) (g : Goal) : Prop := SatisfiesGoal s g
def solve (s : State) (g : Goal) : List PlanAction := []
theorem fact : 2 + 2 = 4 := by native_decide

theorem solveComplete
    (s : State)
    (g : Goal)
    (hinit : ValidInit s)
    (hgoal : ValidGoal s g) :
    ValidPlan (solve s g) s ∧
    SatisfiesGoal (runPlan (solve s g) s) g := by
  exact ⟨trivial, hgoal⟩
