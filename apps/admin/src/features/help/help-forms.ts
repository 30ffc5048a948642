import {
  AdminHelpArticle,
  AdminHelpArticleInput,
  AdminHelpCategory,
  AdminHelpCategoryInput,
} from "@panalo/contracts/admin";
import { z } from "zod";
import type { CrudResource } from "../../lib/crud.ts";
import { t } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { sortOrderSchema } from "../notices/notice-form.ts";

export type HelpCategory = z.infer<typeof AdminHelpCategory>;
export type HelpArticle = z.infer<typeof AdminHelpArticle>;

export const categoriesResource: CrudResource<HelpCategory> = {
  key: ["help", "categories"],
  path: "/help/categories",
  row: AdminHelpCategory,
};

export const articlesResource: CrudResource<HelpArticle> = {
  key: ["help", "articles"],
  path: "/help/articles",
  row: AdminHelpArticle,
};

export const CategoryForm = z
  .object({ title: localizedFormSchema(true, 200), sortOrder: sortOrderSchema, enabled: z.boolean() })
  .transform((f) => ({ title: fromLocalizedForm(f.title), sortOrder: f.sortOrder, enabled: f.enabled }))
  .pipe(AdminHelpCategoryInput);
export type CategoryFormValues = z.input<typeof CategoryForm>;
export type CategoryInput = z.output<typeof CategoryForm>;

export function categoryToForm(c: HelpCategory | null): CategoryFormValues {
  return { title: toLocalizedForm(c?.title), sortOrder: c?.sortOrder ?? 0, enabled: c?.enabled ?? true };
}

export const ArticleForm = z
  .object({
    // A select answers a string; 0 means none chosen yet.
    categoryId: z.coerce
      .number()
      .int()
      .positive({ error: () => t("helpForm.err.category") }),
    title: localizedFormSchema(true, 300),
    content: localizedFormSchema(true),
    sortOrder: sortOrderSchema,
    enabled: z.boolean(),
  })
  .transform((f) => ({
    categoryId: f.categoryId,
    title: fromLocalizedForm(f.title),
    content: fromLocalizedForm(f.content),
    sortOrder: f.sortOrder,
    enabled: f.enabled,
  }))
  .pipe(AdminHelpArticleInput);
export type ArticleFormValues = z.input<typeof ArticleForm>;
export type ArticleInput = z.output<typeof ArticleForm>;

export function articleToForm(a: HelpArticle | null, categoryId = 0): ArticleFormValues {
  return {
    categoryId: String(a?.categoryId ?? categoryId),
    title: toLocalizedForm(a?.title),
    content: toLocalizedForm(a?.content),
    sortOrder: a?.sortOrder ?? 0,
    enabled: a?.enabled ?? true,
  };
}
