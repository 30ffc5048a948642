/**
 * The member's own space (see account.ts, which re-exports these beside its schemas): the
 * contact handles and the preset avatars, kept free of zod so the site's security page can
 * list them without loading it.
 */

/** spec §3 contact handles, in the order the form shows them. */
export const CONTACT_KINDS = [
  "qq",
  "wechat",
  "whatsapp",
  "facebook",
  "telegram",
  "line",
  "zalo",
  "skype",
] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const AVATAR_PRESETS = 8;
export const presetAvatarUrl = (n: number) => `/media/avatar/preset-${n}.svg`;
