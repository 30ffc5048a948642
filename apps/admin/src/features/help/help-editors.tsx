import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
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
    noun: "help category",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  return (
    <Dialog
      title={item ? `Edit help category #${item.id}` : "New help category"}
      onClose={onClose}
      busy={isSaving}
      size="lg"
      footer={<EditorFooter formId={formId} saving={isSaving} readOnly={readOnly} onCancel={onClose} />}
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset disabled={readOnly} className="plain-fieldset">
            <div className="form-grid form-grid--2">
              <NumberField name="sortOrder" label="Sort order" hint="Lower shows first." />
              <CheckboxField
                name="enabled"
                label="Enabled"
                hint="A disabled category hides all its articles."
              />
            </div>
            <LocalizedEditor
              required
              fields={[{ base: "title", label: "Title", kind: "text", maxLength: 200 }]}
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
    noun: "help article",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  const options = [
    { value: "0", label: "Choose a category…" },
    ...categories.map((c) => ({ value: String(c.id), label: c.title.EN || c.title.TY })),
  ];
  return (
    <Dialog
      title={item ? `Edit help article #${item.id}` : "New help article"}
      onClose={onClose}
      busy={isSaving}
      size="lg"
      footer={<EditorFooter formId={formId} saving={isSaving} readOnly={readOnly} onCancel={onClose} />}
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset disabled={readOnly} className="plain-fieldset">
            <div className="form-grid form-grid--3">
              <SelectField name="categoryId" label="Category" options={options} required />
              <NumberField name="sortOrder" label="Sort order" hint="Lower shows first." />
              <CheckboxField name="enabled" label="Enabled" />
            </div>
            <LocalizedEditor
              required
              fields={[
                { base: "title", label: "Title", kind: "text", maxLength: 300 },
                { base: "content", label: "Content", kind: "html" },
              ]}
            />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
