import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect } from "react";
import { useT } from "../lib/i18n.ts";

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  labelledBy: string;
  describedBy: string;
  invalid: boolean;
  testId?: string | undefined;
}

/** What an empty editor holds; stored as "" so that a required text stays required. */
const EMPTY = "<p></p>";

/**
 * The rich-text editor, loaded on demand (rich-html-field.tsx). StarterKit without code blocks
 * and with headings 2–3: what the site's promotion page styles and the server's allow-list keeps.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const t = useT();
  const { value, onChange, onBlur } = props;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["https", "http", "mailto", "tel"] },
      }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(html === EMPTY ? "" : html);
    },
    onBlur: () => onBlur(),
    editorProps: {
      attributes: {
        class: "input rich-editor-content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": props.labelledBy,
        "aria-describedby": props.describedBy,
        ...(props.invalid ? { "aria-invalid": "true" } : {}),
        ...(props.testId ? { "data-testid": props.testId } : {}),
      },
    },
  });
  // A reset of the form (another promotion loaded, a reload after a conflict) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if (value !== current && !(value === "" && current === EMPTY))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive("bold") ?? false,
      italic: e?.isActive("italic") ?? false,
      underline: e?.isActive("underline") ?? false,
      h2: e?.isActive("heading", { level: 2 }) ?? false,
      h3: e?.isActive("heading", { level: 3 }) ?? false,
      bullet: e?.isActive("bulletList") ?? false,
      ordered: e?.isActive("orderedList") ?? false,
      link: e?.isActive("link") ?? false,
    }),
  });
  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = editor.getAttributes("link").href as string | undefined;
    const href = window.prompt(t("rich.linkPrompt"), previous ?? "");
    if (href === null) return;
    if (href.trim() === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };
  const buttons: Array<{ key: string; label: string; text: string; active: boolean; run: () => void }> = [
    {
      key: "bold",
      label: t("rich.bold"),
      text: "B",
      active: state?.bold ?? false,
      run: () => chain().toggleBold().run(),
    },
    {
      key: "italic",
      label: t("rich.italic"),
      text: "I",
      active: state?.italic ?? false,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: "underline",
      label: t("rich.underline"),
      text: "U",
      active: state?.underline ?? false,
      run: () => chain().toggleUnderline().run(),
    },
    {
      key: "h2",
      label: t("rich.heading"),
      text: "H2",
      active: state?.h2 ?? false,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: t("rich.subheading"),
      text: "H3",
      active: state?.h3 ?? false,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bullet",
      label: t("rich.bulleted"),
      text: t("rich.bulletText"),
      active: state?.bullet ?? false,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: "ordered",
      label: t("rich.numbered"),
      text: t("rich.numberedText"),
      active: state?.ordered ?? false,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: "link",
      label: t("rich.link"),
      text: t("rich.link"),
      active: state?.link ?? false,
      run: setLink,
    },
  ];
  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label={t("rich.toolbar")}>
        {buttons.map((b) => (
          <button
            key={b.key}
            type="button"
            className={`btn btn--xs${b.active ? " btn--primary" : ""}`}
            aria-label={b.label}
            aria-pressed={b.active}
            title={b.label}
            onClick={b.run}
            data-testid={props.testId ? `${props.testId}-${b.key}` : undefined}
          >
            {b.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
