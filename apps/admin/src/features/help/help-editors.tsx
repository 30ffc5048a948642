import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { useT } from "../../lib/i18n.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  ArticleForm,
  type ArticleFormValues,
  type ArticleInput,
  articlesResource,
  articleToForm,
  CategoryForm,
  type CategoryFormValues,
  type CategoryInput,
  categoriesResource,
  categoryToForm,
  type HelpArticle,
  type HelpCategory,
} from "./help-forms.ts";

interface EditorProps<T> {
  item: T | null;
  readOnly: boolean;
  onClose: () => void;
  onReloaded: (item: T) => void;
}

export function CategoryEditor({ item, readOnly, onClose, onReloaded }: EditorProps<HelpCategory>) {
  const t = useT();
  const formId = useId();
  const form = useForm<CategoryFormValues, unknown, CategoryInput>({
    resolver: zodResolver(CategoryForm),
    defaultValues: categoryToForm(item),
  });
  const { submit, isSaving } = useEntitySubmit({
    resource: categoriesResource,
    entity: item,
    form,
    toForm: categoryToForm,
    noun: "entity.helpCategory",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  return (
    <Dialog
      title={item ? t("help.editCategory", { id: item.id }) : t("help.newHelpCategory")}
      onClose={onClose}
      busy={isSaving}
      size="lg"
      footer={<EditorFooter formId={formId} saving={isSaving} readOnly={readOnly} onCancel={onClose} />}
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset disabled={readOnly} className="plain-fieldset">
            <div className="form-grid form-grid--2">
              <NumberField name="sortOrder" label={t("content.sortOrder")} hint={t("content.sortHint")} />
              <CheckboxField name="enabled" label={t("content.enabled")} hint={t("help.enabledHint")} />
            </div>
            <LocalizedEditor
              required
              fields={[{ base: "title", label: t("chatSettings.cannedTitle"), kind: "text", maxLength: 200 }]}
            />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

interface ArticleEditorProps extends EditorProps<HelpArticle> {
  categories: readonly HelpCategory[];
  defaultCategoryId: number;
}

export function ArticleEditor({
  item,
  readOnly,
  onClose,
  onReloaded,
  categories,
  defaultCategoryId,
}: ArticleEditorProps) {
  const t = useT();
  const formId = useId();
  const form = useForm<ArticleFormValues, unknown, ArticleInput>({
    resolver: zodResolver(ArticleForm),
    defaultValues: articleToForm(item, defaultCategoryId),
  });
  const { submit, isSaving } = useEntitySubmit({
    resource: articlesResource,
    entity: item,
    form,
    toForm: (a: HelpArticle) => articleToForm(a),
    noun: "entity.helpArticle",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  const options = [
    { value: "0", label: t("help.chooseCategory") },
    ...categories.map((c) => ({ value: String(c.id), label: c.title.EN || c.title.TY })),
  ];
  return (
    <Dialog
      title={item ? t("help.editArticle", { id: item.id }) : t("help.newHelpArticle")}
      onClose={onClose}
      busy={isSaving}
      size="lg"
      footer={<EditorFooter formId={formId} saving={isSaving} readOnly={readOnly} onCancel={onClose} />}
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset disabled={readOnly} className="plain-fieldset">
            <div className="form-grid form-grid--3">
              <SelectField name="categoryId" label={t("help.category")} options={options} required />
              <NumberField name="sortOrder" label={t("content.sortOrder")} hint={t("content.sortHint")} />
              <CheckboxField name="enabled" label={t("content.enabled")} />
            </div>
            <LocalizedEditor
              required
              fields={[
                { base: "title", label: t("chatSettings.cannedTitle"), kind: "text", maxLength: 300 },
                { base: "content", label: t("content.content"), kind: "html" },
              ]}
            />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
