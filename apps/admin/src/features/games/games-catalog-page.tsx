import "./games-catalog.css";
import type { AdminGame, AdminVendor } from "@panalo/contracts/admin-games";
import { GameCategories } from "@panalo/contracts/content";
import { LangCodes } from "@panalo/contracts/envelope";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useCanWrite } from "../../app/operator-context.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { ImageUploadField } from "../../components/image-upload-field.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { QueueSearch } from "../finance/queue-ui.tsx";
import { AddGameDialog } from "./add-game-dialog.tsx";
import { useGames, useSaveGame, useSaveVendor, useVendors } from "./catalog-api.ts";
import { NavOrderPanel } from "./nav-order.tsx";

const PAGE_SIZE = 25;
const LANG_LABELS: Record<(typeof LangCodes)[number], TextKey> = {
  TY: "localized.lang.TY",
  EN: "localized.lang.EN",
  CN: "localized.lang.CN",
  VI: "localized.lang.VI",
  TH: "localized.lang.TH",
  ID: "localized.lang.ID",
  JA: "localized.lang.JA",
};

const gameBody = (g: AdminGame) => ({
  names: g.names,
  gameType: g.gameType,
  gameClassify: g.gameClassify,
  thumbnail: g.thumbnail,
  enabled: g.enabled,
  isHot: g.isHot,
  sort: g.sort,
  version: g.version,
});
const vendorBody = (v: AdminVendor) => ({
  displayName: v.displayName,
  enabled: v.enabled,
  isHot: v.isHot,
  sort: v.sort,
  smallIcon: v.smallIcon,
  logo: v.logo,
  logoHover: v.logoHover,
  version: v.version,
});

/** A quick on/off or hot switch in a row: saves at once with the row's other values. */
function Switch({
  checked,
  label,
  disabled,
  testId,
  onChange,
}: {
  checked: boolean;
  label: string;
  disabled: boolean;
  testId: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

type GameForm = {
  names: Record<string, string>;
  gameType: string;
  gameClassify: string;
  thumbnail: string;
  enabled: boolean;
  isHot: boolean;
  sort: string;
};

function GameEditor({ game, onClose }: { game: AdminGame; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const save = useSaveGame();
  const form = useForm<GameForm>({
    defaultValues: {
      names: Object.fromEntries(LangCodes.map((l) => [l, game.names[l] ?? ""])),
      gameType: game.gameType,
      gameClassify: game.gameClassify,
      thumbnail: game.thumbnail,
      enabled: game.enabled,
      isHot: game.isHot,
      sort: String(game.sort),
    },
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate(
      {
        nodeId: game.nodeId,
        names: Object.fromEntries(Object.entries(v.names).filter(([, n]) => n.trim() !== "")),
        gameType: GameCategories.find((c) => c === v.gameType) ?? game.gameType,
        gameClassify: v.gameClassify,
        thumbnail: v.thumbnail,
        enabled: v.enabled,
        isHot: v.isHot,
        sort: Number(v.sort),
        version: game.version,
      },
      {
        onSuccess: () => {
          toast.success(t("catalog.saved", { name: v.names.EN || v.names.TY || game.gameCode }));
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      title={t("catalog.editGame", { name: game.names.EN ?? game.gameCode })}
      description={`${game.vendor} · ${game.gameCode}`}
      size="lg"
      onClose={onClose}
      busy={save.isPending}
      testId="game-editor"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={save.isPending}
            data-testid="game-save"
          >
            {save.isPending ? t("common.saving") : t("common.save")}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <fieldset className="form-grid">
            <legend className="field-label">{t("games.add.names")}</legend>
            {LangCodes.map((l) => (
              <label key={l} className="field">
                <span className="field-label">{t(LANG_LABELS[l])}</span>
                <input
                  className="input"
                  maxLength={80}
                  data-testid={`game-name-${l}`}
                  {...form.register(`names.${l}`)}
                />
              </label>
            ))}
          </fieldset>
          <div className="form-grid">
            <label className="field">
              <span className="field-label">{t("games.add.category")}</span>
              <select className="input select" data-testid="game-category" {...form.register("gameType")}>
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
            </label>
            <label className="field">
              <span className="field-label">{t("catalog.order")}</span>
              <input className="input" inputMode="numeric" {...form.register("sort")} />
            </label>
          </div>
          <ImageUploadField name="thumbnail" label={t("catalog.thumbnail")} required />
          <label className="field-check">
            <input type="checkbox" {...form.register("enabled")} /> {t("games.add.listed")}
          </label>
          <label className="field-check">
            <input type="checkbox" {...form.register("isHot")} /> {t("games.add.hot")}
          </label>
        </form>
      </FormProvider>
    </Dialog>
  );
}

type VendorForm = { displayName: string; sort: string; smallIcon: string; logo: string; logoHover: string };

function VendorEditor({ vendor, onClose }: { vendor: AdminVendor; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const save = useSaveVendor();
  const form = useForm<VendorForm>({
    defaultValues: {
      displayName: vendor.displayName,
      sort: String(vendor.sort),
      smallIcon: vendor.smallIcon,
      logo: vendor.logo,
      logoHover: vendor.logoHover,
    },
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate(
      { ...vendorBody(vendor), ...v, sort: Number(v.sort), nodeId: vendor.nodeId },
      {
        onSuccess: () => {
          toast.success(t("catalog.saved", { name: v.displayName }));
          onClose();
        },
      },
    ),
  );
  return (
    <Dialog
      title={t("catalog.editVendor", { name: vendor.vassalage })}
      size="lg"
      onClose={onClose}
      busy={save.isPending}
      testId="vendor-editor"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t("common.cancel")}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={save.isPending}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <div className="form-grid">
            <label className="field">
              <span className="field-label">{t("catalog.nameShown")}</span>
              <input className="input" maxLength={60} {...form.register("displayName")} />
            </label>
            <label className="field">
              <span className="field-label">{t("catalog.order")}</span>
              <input className="input" inputMode="numeric" {...form.register("sort")} />
            </label>
          </div>
          <ImageUploadField name="smallIcon" label={t("catalog.menuIcon")} required />
          <ImageUploadField name="logo" label={t("catalog.logo")} required />
          <ImageUploadField name="logoHover" label={t("catalog.logoHover")} required />
        </form>
      </FormProvider>
    </Dialog>
  );
}

function VendorsTable({ canWrite, onEdit }: { canWrite: boolean; onEdit: (v: AdminVendor) => void }) {
  const t = useT();
  const vendors = useVendors();
  const save = useSaveVendor();
  const columns = 7;
  const set = (v: AdminVendor, change: Partial<AdminVendor>) =>
    save.mutate({ ...vendorBody(v), ...change, nodeId: v.nodeId });
  return (
    <section className="section" aria-labelledby="catalog-vendors">
      <div className="section-header">
        <h2 id="catalog-vendors">{t("catalog.vendors")}</h2>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="catalog-vendors">
          <thead>
            <tr>
              <th scope="col">{t("catalog.vendor")}</th>
              <th scope="col">{t("games.add.category")}</th>
              <th scope="col" className="num">
                {t("catalog.gamesListed")}
              </th>
              <th scope="col" className="num">
                {t("catalog.orderHead")}
              </th>
              <th scope="col">{t("catalog.on")}</th>
              <th scope="col">{t("games.add.hot")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("catalog.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {vendors.isPending && <SkeletonRows columns={columns} />}
            {vendors.isError && !vendors.data && (
              <ErrorRow columns={columns} onRetry={() => vendors.refetch()} />
            )}
            {vendors.data?.map((v) => (
              <tr key={v.nodeId} data-testid={`vendor-row-${v.vassalage}`}>
                <td className="cell-nowrap">
                  <strong>{v.displayName}</strong> <span className="muted">{v.vassalage}</span>
                </td>
                <td>{gameCategoryLabel(v.gameType)}</td>
                <td className="num">
                  {v.enabledGames} / {v.games}
                </td>
                <td className="num">{v.sort}</td>
                <td>
                  <Switch
                    checked={v.enabled}
                    label={t("catalog.vendorOn", { name: v.displayName })}
                    disabled={!canWrite || save.isPending}
                    testId={`vendor-enabled-${v.vassalage}`}
                    onChange={(on) => set(v, { enabled: on })}
                  />
                </td>
                <td>
                  <Switch
                    checked={v.isHot}
                    label={t("catalog.hotOf", { name: v.displayName })}
                    disabled={!canWrite || save.isPending}
                    testId={`vendor-hot-${v.vassalage}`}
                    onChange={(on) => set(v, { isHot: on })}
                  />
                </td>
                <td className="actions">
                  {canWrite && (
                    <button type="button" className="btn btn--sm" onClick={() => onEdit(v)}>
                      {t("catalog.edit")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function GamesTable({ canWrite, onEdit }: { canWrite: boolean; onEdit: (g: AdminGame) => void }) {
  const t = useT();
  const vendorsQ = useVendors();
  const filterId = useId();
  const [vendor, setVendor] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const list = useGames({ vendor, q, page, pageSize: PAGE_SIZE });
  const save = useSaveGame();
  const total = list.data?.total ?? 0;
  const columns = 8;
  const set = (g: AdminGame, change: Partial<AdminGame>) =>
    save.mutate({ ...gameBody(g), ...change, nodeId: g.nodeId });
  return (
    <section className="section" aria-labelledby="catalog-games">
      <div className="section-header">
        <h2 id="catalog-games">{t("catalog.games")}</h2>
      </div>
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          {t("catalog.vendor")}
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={vendor}
          onChange={(e) => {
            setVendor(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t("catalog.allVendors")}</option>
          {vendorsQ.data?.map((v) => (
            <option key={v.vassalage} value={v.vassalage}>
              {v.displayName}
            </option>
          ))}
        </select>
        <QueueSearch
          value={q}
          onChange={(next) => {
            setQ(next);
            setPage(1);
          }}
          placeholder={t("catalog.search")}
          testId="catalog-search"
        />
        <span className="toolbar-count" aria-live="polite">
          {list.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="catalog-games" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">{t("catalog.game")}</th>
              <th scope="col">{t("catalog.image")}</th>
              <th scope="col">{t("catalog.vendor")}</th>
              <th scope="col">{t("games.add.category")}</th>
              <th scope="col" className="num">
                {t("catalog.orderHead")}
              </th>
              <th scope="col">{t("catalog.on")}</th>
              <th scope="col">{t("games.add.hot")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("catalog.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={columns} />}
            {list.isError && !list.data && <ErrorRow columns={columns} onRetry={() => list.refetch()} />}
            {list.data?.items.length === 0 && <EmptyRow columns={columns} title={t("catalog.noGames")} />}
            {list.data?.items.map((g) => (
              <tr key={g.nodeId} data-testid={`game-row-${g.gameCode}`} data-vendor={g.vendor}>
                <td>
                  <strong>{g.names.EN ?? g.names.TY ?? g.gameCode}</strong>
                  <span className="cell-sub muted">{g.gameCode}</span>
                </td>
                <td>
                  <img
                    src={g.thumbnail}
                    alt=""
                    width={48}
                    height={48}
                    className="catalog-thumb"
                    loading="lazy"
                  />
                </td>
                <td>{g.vendor}</td>
                <td>{gameCategoryLabel(g.gameType)}</td>
                <td className="num">{g.sort}</td>
                <td>
                  <Switch
                    checked={g.enabled}
                    label={t("catalog.listedOf", { name: g.names.EN ?? g.gameCode })}
                    disabled={!canWrite || save.isPending}
                    testId={`game-enabled-${g.vendor}-${g.gameCode}`}
                    onChange={(on) => set(g, { enabled: on })}
                  />
                </td>
                <td>
                  <Switch
                    checked={g.isHot}
                    label={t("catalog.hotOf", { name: g.names.EN ?? g.gameCode })}
                    disabled={!canWrite || save.isPending}
                    testId={`game-hot-${g.vendor}-${g.gameCode}`}
                    onChange={(on) => set(g, { isHot: on })}
                  />
                </td>
                <td className="actions">
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm"
                      data-testid={`game-edit-${g.vendor}-${g.gameCode}`}
                      onClick={() => onEdit(g)}
                    >
                      {t("catalog.edit")}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t("catalog.pages")} page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

/**
 * The games catalogue: vendors and games on or off, order, hot flags,
 * images, categories and names in each language. The site reads the catalogue on every visit,
 * so a change shows on a player's next page.
 */
export function GamesCatalogPage() {
  const canWrite = useCanWrite("games-catalog");
  const [editingGame, setEditingGame] = useState<AdminGame | null>(null);
  const [editingVendor, setEditingVendor] = useState<AdminVendor | null>(null);
  const [adding, setAdding] = useState(false);
  const vendors = useVendors();
  const t = useT();
  return (
    <>
      <PageHeader
        title={t("catalog.title")}
        description={t("catalog.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setAdding(true)}
              disabled={!vendors.data?.length}
              data-testid="catalog-add-game"
            >
              {t("games.add.open")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <NavOrderPanel canWrite={canWrite} />
      <VendorsTable canWrite={canWrite} onEdit={setEditingVendor} />
      <GamesTable canWrite={canWrite} onEdit={setEditingGame} />
      {editingGame && <GameEditor game={editingGame} onClose={() => setEditingGame(null)} />}
      {editingVendor && <VendorEditor vendor={editingVendor} onClose={() => setEditingVendor(null)} />}
      {adding && vendors.data && <AddGameDialog vendors={vendors.data} onClose={() => setAdding(false)} />}
    </>
  );
}
