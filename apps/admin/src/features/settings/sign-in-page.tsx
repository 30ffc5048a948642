import { zodResolver } from "@hookform/resolvers/zod";
import { OidcSettings } from "@panalo/contracts/admin";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CopyButton } from "../../components/copy-button.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { StatusPill } from "../../components/table-states.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { type TextKey, t as tr, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { oidcSetting } from "./settings-api.ts";

type Value = z.output<typeof OidcSettings>;
type Provider = Value["providers"][number];

/** What the server answers instead of a stored client secret, and accepts back as "keep it". */
const MASKED_SECRET = "********";
const PROVIDERS_MAX = 10;
const ID_PATTERN = /^[a-z][a-z0-9-]{1,30}$/;

const isWebUrl = (s: string) => {
  try {
    const url = new URL(s);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};
const urlField = z
  .string()
  .trim()
  .max(500, { error: () => tr("signIn.err.max", { n: 500 }) })
  .refine((s) => s === "" || isWebUrl(s), { error: () => tr("signIn.err.url") });
const nullIfEmpty = (s: string) => (s === "" ? null : s);

const ProviderForm = z
  .object({
    id: z
      .string()
      .trim()
      .regex(ID_PATTERN, { error: () => tr("signIn.err.id") }),
    label: z
      .string()
      .trim()
      .min(1, { error: () => tr("brand.err.required") })
      .max(40, { error: () => tr("signIn.err.max", { n: 40 }) }),
    kind: z.enum(["oidc", "oauth2"]),
    issuer: urlField,
    authorizationEndpoint: urlField,
    tokenEndpoint: urlField,
    userinfoEndpoint: urlField,
    clientId: z
      .string()
      .trim()
      .min(1, { error: () => tr("brand.err.required") })
      .max(300, { error: () => tr("signIn.err.max", { n: 300 }) }),
    /** Empty keeps the stored secret; anything typed replaces it. */
    clientSecret: z
      .string()
      .trim()
      .max(300, { error: () => tr("signIn.err.max", { n: 300 }) }),
    scopes: z
      .string()
      .trim()
      .max(200, { error: () => tr("signIn.err.max", { n: 200 }) }),
    enabled: z.boolean(),
    /** The id the server stores a secret under; null for a provider added in this form. */
    storedId: z.string().nullable(),
  })
  .superRefine((p, ctx) => {
    const need = (path: string, key: TextKey) =>
      ctx.addIssue({ code: "custom", path: [path], message: tr(key) });
    if (p.kind === "oidc" && !p.issuer) need("issuer", "signIn.err.oidc");
    if (p.kind === "oauth2") {
      if (!p.authorizationEndpoint) need("authorizationEndpoint", "signIn.err.oauth2");
      if (!p.tokenEndpoint) need("tokenEndpoint", "signIn.err.oauth2");
      if (!p.userinfoEndpoint) need("userinfoEndpoint", "signIn.err.oauth2");
    }
    // The server finds the stored secret by the provider's id, so a renamed one needs it again.
    if (!p.clientSecret && p.storedId !== p.id) {
      need("clientSecret", p.storedId ? "signIn.err.idChanged" : "brand.err.required");
    }
  });

const SignInForm = z
  .object({
    providers: z
      .array(ProviderForm)
      .max(PROVIDERS_MAX, { error: () => tr("signIn.err.maxProviders", { n: PROVIDERS_MAX }) }),
  })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.providers.forEach((p, i) => {
      if (seen.has(p.id))
        ctx.addIssue({
          code: "custom",
          path: ["providers", i, "id"],
          message: tr("signIn.err.idTaken"),
        });
      seen.add(p.id);
    });
  })
  .transform(
    (f): Value => ({
      providers: f.providers.map(
        (p): Provider => ({
          id: p.id,
          label: p.label,
          kind: p.kind,
          // Only the fields of the chosen kind are kept: discovery for OIDC, endpoints for OAuth 2.
          issuer: p.kind === "oidc" ? nullIfEmpty(p.issuer) : null,
          authorizationEndpoint: p.kind === "oauth2" ? nullIfEmpty(p.authorizationEndpoint) : null,
          tokenEndpoint: p.kind === "oauth2" ? nullIfEmpty(p.tokenEndpoint) : null,
          userinfoEndpoint: p.kind === "oauth2" ? nullIfEmpty(p.userinfoEndpoint) : null,
          clientId: p.clientId,
          clientSecret: p.clientSecret || MASKED_SECRET,
          scopes: p.scopes,
          enabled: p.enabled,
        }),
      ),
    }),
  )
  .pipe(OidcSettings);
type FormValues = z.input<typeof SignInForm>;
type ProviderValues = FormValues["providers"][number];

const toForm = (v: Value): FormValues => ({
  providers: v.providers.map((p) => ({
    id: p.id,
    label: p.label,
    kind: p.kind,
    issuer: p.issuer ?? "",
    authorizationEndpoint: p.authorizationEndpoint ?? "",
    tokenEndpoint: p.tokenEndpoint ?? "",
    userinfoEndpoint: p.userinfoEndpoint ?? "",
    clientId: p.clientId,
    clientSecret: "", // never shown: the server only answers it masked
    scopes: p.scopes,
    enabled: p.enabled,
    storedId: p.id,
  })),
});

const blank: ProviderValues = {
  id: "",
  label: "",
  kind: "oidc",
  issuer: "",
  authorizationEndpoint: "",
  tokenEndpoint: "",
  userinfoEndpoint: "",
  clientId: "",
  clientSecret: "",
  scopes: "openid email profile",
  enabled: true,
  storedId: null,
};

/** Starting points for the providers most sites use; the operator adds the client id and secret. */
const PRESETS: ReadonlyArray<{ key: string; label: TextKey; values: ProviderValues }> = [
  {
    key: "google",
    label: "signIn.addGoogle",
    values: { ...blank, id: "google", label: "Google", issuer: "https://accounts.google.com" },
  },
  {
    key: "facebook",
    label: "signIn.addFacebook",
    values: {
      ...blank,
      id: "facebook",
      label: "Facebook",
      kind: "oauth2",
      authorizationEndpoint: "https://www.facebook.com/dialog/oauth",
      tokenEndpoint: "https://graph.facebook.com/oauth/access_token",
      userinfoEndpoint: "https://graph.facebook.com/me?fields=id,name,email",
      scopes: "email public_profile",
    },
  },
  { key: "other", label: "signIn.addOther", values: blank },
];

/** Examples of an address's form, the same in every language. */
const URL_EXAMPLE = "https://";
const ISSUER_EXAMPLE = "https://accounts.google.com";
/** The protocol's own name. */
const OIDC_NAME = "OpenID Connect";

/** The address to register with the provider as the allowed redirect (callback) URL. */
function RedirectUrl({ index }: { index: number }) {
  const t = useT();
  const id = useWatch<FormValues, `providers.${number}.id`>({ name: `providers.${index}.id` }).trim();
  const valid = ID_PATTERN.test(id);
  const url = `${window.location.origin}/wps/oauth/${id}/callback`;
  return (
    <div className="field">
      <span className="field-label">{t("signIn.redirect")}</span>
      {valid ? (
        <div className="copy-line">
          <code className="secret" data-testid={`oidc-${index}-redirect`}>
            {url}
          </code>
          <CopyButton value={url} label={t("signIn.redirect")} />
        </div>
      ) : (
        <p className="muted">{t("signIn.chooseId")}</p>
      )}
      <p className="field-hint">{t("signIn.redirectHint")}</p>
    </div>
  );
}

function SecretField({ index }: { index: number }) {
  const [id, storedId] = useWatch<FormValues, [`providers.${number}.id`, `providers.${number}.storedId`]>({
    name: [`providers.${index}.id`, `providers.${index}.storedId`],
  });
  const t = useT();
  // The server keeps the secret under the id it was saved with.
  const stored = storedId !== null && storedId === id.trim();
  return (
    <TextField
      name={`providers.${index}.clientSecret`}
      label={
        <>
          {t("signIn.secret")} {stored && <span className="badge badge--muted">{t("signIn.stored")}</span>}
        </>
      }
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      placeholder={stored ? t("signIn.storedPlaceholder") : ""}
      hint={stored ? t("signIn.storedHint") : t("signIn.secretHint")}
      required={!stored}
      maxLength={300}
      testId={`oidc-${index}-secret`}
    />
  );
}

function ProviderCard({
  index,
  canWrite,
  onRemove,
}: {
  index: number;
  canWrite: boolean;
  onRemove: () => void;
}) {
  const [kind, label, enabled] = useWatch<
    FormValues,
    [`providers.${number}.kind`, `providers.${number}.label`, `providers.${number}.enabled`]
  >({
    name: [`providers.${index}.kind`, `providers.${index}.label`, `providers.${index}.enabled`],
  });
  const t = useT();
  const name = (field: keyof ProviderValues) => `providers.${index}.${field}`;
  const kindOptions = [
    { value: "oidc", label: OIDC_NAME },
    { value: "oauth2", label: t("signIn.kindOauth2") },
  ];
  return (
    <section className="panel provider-card form-stack" data-testid={`oidc-provider-${index}`}>
      <header className="section-header">
        <h2 className="subheading">{label.trim() || t("signIn.newProvider")}</h2>
        <div className="page-actions">
          <StatusPill on={enabled} onLabel={t("signIn.enabled")} offLabel={t("signIn.disabled")} />
          {canWrite && (
            <button
              type="button"
              className="btn btn--sm btn--danger-ghost"
              onClick={onRemove}
              data-testid={`oidc-${index}-remove`}
            >
              {t("seo.remove")}
            </button>
          )}
        </div>
      </header>
      <div className="form-grid form-grid--3">
        <TextField
          name={name("id")}
          label={t("signIn.id")}
          hint={t("signIn.idHint")}
          required
          autoCapitalize="none"
          spellCheck={false}
          maxLength={31}
          testId={`oidc-${index}-id`}
        />
        <TextField
          name={name("label")}
          label={t("signIn.buttonLabel")}
          hint={t("signIn.buttonLabelHint")}
          required
          maxLength={40}
          testId={`oidc-${index}-label`}
        />
        <SelectField
          name={name("kind")}
          label={t("signIn.protocol")}
          hint={t("signIn.protocolHint")}
          options={kindOptions}
          testId={`oidc-${index}-kind`}
        />
      </div>
      {kind === "oauth2" ? (
        <div className="form-grid form-grid--3">
          <TextField
            name={name("authorizationEndpoint")}
            label={t("signIn.authorization")}
            type="url"
            placeholder={URL_EXAMPLE}
            required
            spellCheck={false}
            testId={`oidc-${index}-authorization`}
          />
          <TextField
            name={name("tokenEndpoint")}
            label={t("signIn.token")}
            type="url"
            placeholder={URL_EXAMPLE}
            required
            spellCheck={false}
            testId={`oidc-${index}-token`}
          />
          <TextField
            name={name("userinfoEndpoint")}
            label={t("signIn.userinfo")}
            type="url"
            placeholder={URL_EXAMPLE}
            hint={t("signIn.userinfoHint")}
            required
            spellCheck={false}
            testId={`oidc-${index}-userinfo`}
          />
        </div>
      ) : (
        <TextField
          name={name("issuer")}
          label={t("signIn.issuer")}
          type="url"
          placeholder={ISSUER_EXAMPLE}
          hint={t("signIn.issuerHint")}
          required
          spellCheck={false}
          testId={`oidc-${index}-issuer`}
        />
      )}
      <div className="form-grid form-grid--2">
        <TextField
          name={name("clientId")}
          label={t("signIn.clientId")}
          required
          spellCheck={false}
          autoComplete="off"
          maxLength={300}
          testId={`oidc-${index}-client-id`}
        />
        <SecretField index={index} />
      </div>
      <TextField
        name={name("scopes")}
        label={t("signIn.scopes")}
        hint={kind === "oauth2" ? t("signIn.scopesOauth2") : t("signIn.scopesOidc")}
        spellCheck={false}
        maxLength={200}
        testId={`oidc-${index}-scopes`}
      />
      <RedirectUrl index={index} />
      <CheckboxField
        name={name("enabled")}
        label={t("signIn.enabled")}
        hint={t("signIn.enabledHint")}
        testId={`oidc-${index}-enabled`}
      />
    </section>
  );
}

function SignInEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = oidcSetting.useSave();
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(SignInForm),
    defaultValues: toForm(initial),
  });
  const providers = useFieldArray({ control: form.control, name: "providers" });
  const current = useWatch({ control: form.control, name: "providers" });
  const taken = new Set(current.map((p) => p.id.trim()));

  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success(t("signIn.saved"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          {providers.fields.length === 0 && (
            <div className="panel empty-state">
              <p className="empty-state-title">{t("signIn.empty")}</p>
              <p>{t("signIn.emptyText")}</p>
            </div>
          )}
          {providers.fields.map((field, index) => (
            <ProviderCard
              key={field.id}
              index={index}
              canWrite={canWrite}
              onRemove={() => providers.remove(index)}
            />
          ))}
          {canWrite && providers.fields.length < PROVIDERS_MAX && (
            <div className="toolbar toolbar--inline">
              {PRESETS.filter((p) => p.key === "other" || !taken.has(p.values.id)).map((p) => (
                <button
                  key={p.key}
                  type="button"
                  className="btn"
                  onClick={() => providers.append({ ...p.values })}
                  data-testid={`oidc-add-${p.key}`}
                >
                  {t(p.label)}
                </button>
              ))}
            </div>
          )}
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="oidc-save"
        />
      </form>
    </FormProvider>
  );
}

export function SignInPage() {
  const t = useT();
  const canWrite = useCanWrite("sign-in");
  const setting = oidcSetting.useValue();
  return (
    <>
      <PageHeader title={t("signIn.title")} description={t("signIn.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <SignInEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
