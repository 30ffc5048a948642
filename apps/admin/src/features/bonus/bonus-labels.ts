import { type BonusRuleInput, BonusView } from "@panalo/contracts/bonus";
import { enumLabels, enumLabelsOf } from "../../lib/enum-labels.ts";

/** A bonus rule's kind, as the rule form names it. */
export const bonusKindLabel = enumLabelsOf<BonusRuleInput["kind"]>({
  first_deposit: "bonus.kindFirst",
  reload: "bonus.kindReload",
  manual: "bonus.kindManual",
});

/** A member's bonus state in the operator's language. */
export const bonusStateLabel = enumLabels("bonus.stateOf", BonusView.shape.state.options);
