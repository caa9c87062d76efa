-- expect: no-redefinition
import GripperStrips

class Cheat where
  ValidPlan : List PlanAction → State → Prop
instance : Cheat := ⟨fun _ _ => True⟩
open Cheat

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
