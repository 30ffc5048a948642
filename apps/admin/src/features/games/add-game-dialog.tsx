import type { AdminVendor } from "@panalo/contracts/admin-games";
import { GameCategories } from "@panalo/contracts/content";
import { LangCodes } from "@panalo/contracts/envelope";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { useCreateGame } from "./catalog-api.ts";

type AddGameForm = {
  vendor: string;
  gameCode: string;
  names: Record<string, string>;
  gameType: string;
  gameClassify: string;
  minBet: string;
  isHot: boolean;
  enabled: boolean;
};

/** The server's refusals (a code per field) as a sentence a person understands. */
const PROBLEMS: Record<string, TextKey> = {
  vendor_unknown: "games.add.err.vendor",
  vendor_invalid: "games.add.err.vendor",
  game_code_taken: "games.add.err.codeTaken",
  game_code_invalid: "games.add.err.code",
  name_required: "games.add.err.name",
  game_classify_invalid: "games.add.err.classify",
  amount_invalid: "games.add.err.minBet",
};

/** The form's field for a server path ("names.EN" → "names.EN"; "gameType" stays). */
const FIELDS = new Set(["vendor", "gameCode", "gameType", "gameClassify", "minBet"]);

/**
 * Add a game to a vendor's catalogue by hand: vendor, the provider's game code, names in the
 * languages (English or Filipino at least), category, type within the vendor, hot. The server
 * checks again and answers each refusal at its field (games/service.ts `createGame`).
 */
export function AddGameDialog({ vendors, onClose }: { vendors: AdminVendor[]; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const create = useCreateGame();
  const first = vendors[0];
  const form = useForm<AddGameForm>({
    defaultValues: {
      vendor: first?.vassalage ?? "",
      gameCode: "",
      names: Object.fromEntries(LangCodes.map((l) => [l, ""])),
      gameType: first?.gameType ?? "RNG",
      gameClassify: "SLOT",
      minBet: "1.00",
      isHot: false,
      enabled: true,
    },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) => {
    const names = Object.fromEntries(Object.entries(v.names).filter(([, n]) => n.trim() !== ""));
    if (!names.EN && !names.TY) {
      form.setError("names.EN", { message: t("games.add.err.name") });
      return;
    }
    create.mutate(
      {
        vendor: v.vendor,
        gameCode: v.gameCode.trim(),
        names,
        gameType: GameCategories.find((c) => c === v.gameType) ?? "RNG",
        gameClassify: v.gameClassify.trim(),
        minBet: v.minBet.trim(),
        thumbnail: "",
        isHot: v.isHot,
        enabled: v.enabled,
      },
      {
        onSuccess: (game) => {
          toast.success(t("games.add.saved", { name: game.names.EN ?? game.names.TY ?? game.gameCode }));
          onClose();
        },
        onError: (err) => {
          let placed = false;
          if (err instanceof ApiError)
            for (const d of err.details) {
              const key = PROBLEMS[d.message];
              const field = d.path.startsWith("names.") ? d.path : FIELDS.has(d.path) ? d.path : "";
              if (!field) continue;
              form.setError(field as keyof AddGameForm, {
                message: key ? t(key) : t("games.add.err.generic"),
              });
              placed = true;
            }
          if (!placed) toast.error(errorMessage(err));
        },
      },
    );
  });
  const err = (path: string): string | undefined => {
    const parts = path.split(".");
    let e: unknown = errors;
    for (const p of parts) e = e && typeof e === "object" ? (e as Record<string, unknown>)[p] : undefined;
    return e && typeof e === "object" && "message" in e && typeof e.message === "string"
      ? e.message
      : undefined;
  };
  const fieldError = (path: string) => {
    const message = err(path);
    return message ? (
      <span className="field-error" role="alert" data-testid={`add-game-error-${path}`}>
        {message}
      </span>
    ) : null;
  };
  return (
    <Dialog
      title={t("games.add.title")}
      size="lg"
      onClose={onClose}
      busy={create.isPending}
      testId="add-game"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
            {t("games.add.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={create.isPending}
            data-testid="add-game-save"
          >
            {create.isPending ? t("games.add.saving") : t("games.add.save")}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <div className="form-grid">
            <label className="field">
              <span className="field-label">{t("games.add.vendor")}</span>
              <select
                className="input select"
                data-testid="add-game-vendor"
                {...form.register("vendor", {
                  onChange: (e) => {
                    const v = vendors.find((x) => x.vassalage === e.target.value);
                    if (v) form.setValue("gameType", v.gameType);
                  },
                })}
              >
                {vendors.map((v) => (
                  <option key={v.vassalage} value={v.vassalage}>
                    {v.displayName} ({v.vassalage})
                  </option>
                ))}
              </select>
              {fieldError("vendor")}
            </label>
            <label className="field">
              <span className="field-label">{t("games.add.code")}</span>
              <input
                className="input"
                maxLength={60}
                data-testid="add-game-code"
                aria-invalid={err("gameCode") ? true : undefined}
                {...form.register("gameCode", { required: t("games.add.err.code") })}
              />
              <span className="field-hint">{t("games.add.codeHint")}</span>
              {fieldError("gameCode")}
            </label>
            <label className="field">
              <span className="field-label">{t("games.add.category")}</span>
              <select className="input select" data-testid="add-game-category" {...form.register("gameType")}>
                {GameCategories.map((c) => (
                  <option key={c} value={c}>
                    {gameCategoryLabel(c)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field-label">{t("games.add.classify")}</span>
              <input className="input" maxLength={30} {...form.register("gameClassify")} />
              {fieldError("gameClassify")}
            </label>
            <label className="field">
              <span className="field-label">{t("games.add.minBet")}</span>
              <input className="input" inputMode="decimal" {...form.register("minBet")} />
              {fieldError("minBet")}
            </label>
          </div>
          <fieldset className="form-grid">
            <legend className="field-label">{t("games.add.names")}</legend>
            {LangCodes.map((l) => (
              <label key={l} className="field">
                <span className="field-label">{l}</span>
                <input
                  className="input"
                  maxLength={80}
                  data-testid={`add-game-name-${l}`}
                  {...form.register(`names.${l}`)}
                />
                {fieldError(`names.${l}`)}
              </label>
            ))}
          </fieldset>
          <label className="field-check">
            <input type="checkbox" data-testid="add-game-hot" {...form.register("isHot")} />{" "}
            {t("games.add.hot")}
          </label>
          <label className="field-check">
            <input type="checkbox" {...form.register("enabled")} /> {t("games.add.listed")}
          </label>
        </form>
      </FormProvider>
    </Dialog>
  );
}
