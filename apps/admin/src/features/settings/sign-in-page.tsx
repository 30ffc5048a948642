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
  .max(500, "At most 500 characters")
  .refine((s) => s === "" || isWebUrl(s), "A full address, e.g. https://accounts.example.com");
const nullIfEmpty = (s: string) => (s === "" ? null : s);

const ProviderForm = z
  .object({
    id: z
      .string()
      .trim()
      .regex(ID_PATTERN, "2–31 lower-case letters, digits or dashes, starting with a letter, e.g. google"),
    label: z.string().trim().min(1, "Required").max(40, "At most 40 characters"),
    kind: z.enum(["oidc", "oauth2"]),
    issuer: urlField,
    authorizationEndpoint: urlField,
    tokenEndpoint: urlField,
    userinfoEndpoint: urlField,
    clientId: z.string().trim().min(1, "Required").max(300, "At most 300 characters"),
    /** Empty keeps the stored secret; anything typed replaces it. */
    clientSecret: z.string().trim().max(300, "At most 300 characters"),
    scopes: z.string().trim().max(200, "At most 200 characters"),
    enabled: z.boolean(),
    /** The id the server stores a secret under; null for a provider added in this form. */
    storedId: z.string().nullable(),
  })
  .superRefine((p, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (p.kind === "oidc" && !p.issuer) need("issuer", "Required for OpenID Connect");
    if (p.kind === "oauth2") {
      if (!p.authorizationEndpoint) need("authorizationEndpoint", "Required for OAuth 2");
      if (!p.tokenEndpoint) need("tokenEndpoint", "Required for OAuth 2");
      if (!p.userinfoEndpoint) need("userinfoEndpoint", "Required for OAuth 2");
    }
    // The server finds the stored secret by the provider's id, so a renamed one needs it again.
    if (!p.clientSecret && p.storedId !== p.id) {
      need("clientSecret", p.storedId ? "The ID changed: enter the client secret again" : "Required");
    }
  });

const SignInForm = z
  .object({ providers: z.array(ProviderForm).max(PROVIDERS_MAX, `At most ${PROVIDERS_MAX} providers`) })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.providers.forEach((p, i) => {
      if (seen.has(p.id))
        ctx.addIssue({
          code: "custom",
          path: ["providers", i, "id"],
          message: "Another provider has this ID",
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
const PRESETS: ReadonlyArray<{ key: string; label: string; values: ProviderValues }> = [
  {
    key: "google",
    label: "Add Google",
    values: { ...blank, id: "google", label: "Google", issuer: "https://accounts.google.com" },
  },
  {
    key: "facebook",
    label: "Add Facebook",
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
  { key: "other", label: "Add another provider", values: blank },
];

const KIND_OPTIONS = [
  { value: "oidc", label: "OpenID Connect" },
  { value: "oauth2", label: "OAuth 2 + user info" },
];

/** The address to register with the provider as the allowed redirect (callback) URL. */
function RedirectUrl({ index }: { index: number }) {
  const id = useWatch<FormValues, `providers.${number}.id`>({ name: `providers.${index}.id` }).trim();
  const valid = ID_PATTERN.test(id);
  const url = `${window.location.origin}/wps/oauth/${id}/callback`;
  return (
    <div className="field">
      <span className="field-label">Redirect URL</span>
      {valid ? (
        <div className="copy-line">
          <code className="secret" data-testid={`oidc-${index}-redirect`}>
            {url}
          </code>
          <CopyButton value={url} label="Redirect URL" />
        </div>
      ) : (
        <p className="muted">Choose an ID first.</p>
      )}
      <p className="field-hint">
        Register this address with the provider as an authorised redirect URI. It changes with the ID.
      </p>
    </div>
  );
}

function SecretField({ index }: { index: number }) {
  const [id, storedId] = useWatch<FormValues, [`providers.${number}.id`, `providers.${number}.storedId`]>({
    name: [`providers.${index}.id`, `providers.${index}.storedId`],
  });
  // The server keeps the secret under the id it was saved with.
  const stored = storedId !== null && storedId === id.trim();
  return (
    <TextField
      name={`providers.${index}.clientSecret`}
      label={<>Client secret {stored && <span className="badge badge--muted">Stored</span>}</>}
      type="password"
      autoComplete="new-password"
      spellCheck={false}
      placeholder={stored ? "•••••••• (stored)" : ""}
      hint={
        stored
          ? "Stored on the server and never shown. Leave empty to keep it; type a new one to replace it."
          : "From the provider's developer console."
      }
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
  const name = (field: keyof ProviderValues) => `providers.${index}.${field}`;
  return (
    <section className="panel provider-card form-stack" data-testid={`oidc-provider-${index}`}>
      <header className="section-header">
        <h2 className="subheading">{label.trim() || "New provider"}</h2>
        <div className="page-actions">
          <StatusPill on={enabled} onLabel="Enabled" offLabel="Disabled" />
          {canWrite && (
            <button
              type="button"
              className="btn btn--sm btn--danger-ghost"
              onClick={onRemove}
              data-testid={`oidc-${index}-remove`}
            >
              Remove
            </button>
          )}
        </div>
      </header>
      <div className="form-grid form-grid--3">
        <TextField
          name={name("id")}
          label="ID"
          hint="Lower-case, e.g. google. Part of the redirect URL."
          required
          autoCapitalize="none"
          spellCheck={false}
          maxLength={31}
          testId={`oidc-${index}-id`}
        />
        <TextField
          name={name("label")}
          label="Button label"
          hint="Players see “Log in with …”."
          required
          maxLength={40}
          testId={`oidc-${index}-label`}
        />
        <SelectField
          name={name("kind")}
          label="Protocol"
          hint="OpenID Connect for Google, Microsoft, Apple and most others; OAuth 2 for Facebook."
          options={KIND_OPTIONS}
          testId={`oidc-${index}-kind`}
        />
      </div>
      {kind === "oauth2" ? (
        <div className="form-grid form-grid--3">
          <TextField
            name={name("authorizationEndpoint")}
            label="Authorization endpoint"
            type="url"
            placeholder="https://"
            required
            spellCheck={false}
            testId={`oidc-${index}-authorization`}
          />
          <TextField
            name={name("tokenEndpoint")}
            label="Token endpoint"
            type="url"
            placeholder="https://"
            required
            spellCheck={false}
            testId={`oidc-${index}-token`}
          />
          <TextField
            name={name("userinfoEndpoint")}
            label="User-info endpoint"
            type="url"
            placeholder="https://"
            hint="Must answer the player's id and, if allowed, e-mail."
            required
            spellCheck={false}
            testId={`oidc-${index}-userinfo`}
          />
        </div>
      ) : (
        <TextField
          name={name("issuer")}
          label="Issuer"
          type="url"
          placeholder="https://accounts.google.com"
          hint="The endpoints and signing keys are read from its /.well-known/openid-configuration."
          required
          spellCheck={false}
          testId={`oidc-${index}-issuer`}
        />
      )}
      <div className="form-grid form-grid--2">
        <TextField
          name={name("clientId")}
          label="Client ID"
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
        label="Scopes"
        hint={
          kind === "oauth2"
            ? "Separated by spaces, e.g. email public_profile. Empty asks for email."
            : "Separated by spaces, e.g. openid email profile. Empty asks for openid email profile."
        }
        spellCheck={false}
        maxLength={200}
        testId={`oidc-${index}-scopes`}
      />
      <RedirectUrl index={index} />
      <CheckboxField
        name={name("enabled")}
        label="Enabled"
        hint="Only enabled providers show a button on the player site's login."
        testId={`oidc-${index}-enabled`}
      />
    </section>
  );
}

function SignInEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
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
        toast.success("Saved sign-in providers.");
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
              <p className="empty-state-title">No sign-in providers.</p>
              <p>Players log in with their username, mobile number or SMS code only.</p>
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
                  {p.label}
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
  const canWrite = useCanWrite("sign-in");
  const setting = oidcSetting.useValue();
  return (
    <>
      <PageHeader
        title="Sign-in providers"
        description="Let players log in with an account they already have, such as Google or Facebook. A first login creates a player account linked to that provider. The whole list is saved at once."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <SignInEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
