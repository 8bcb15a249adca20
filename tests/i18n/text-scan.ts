// Finds the texts a page file shows without going through the translate function, and the
// translation keys it uses. Texts are what a person reads: JSX text, the text attributes (aria-label,
// title, placeholder, alt, label), strings and templates rendered as JSX children, and the text
// fields of object literals (a toast's title, a link's label). Class names, ids, test ids, URLs and
// other strings with no reading role are not texts, and strings without a letter (×, ⋯, ·) are marks.
// A module-level constant holding words with a space between them is a sentence, hence a text.

import { parseSync } from "vite";

/** Attributes whose value a person reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
]);
/** Object fields that carry a text (toasts, menu entries, links). */
const TEXT_FIELDS = new Set(["title", "description", "label", "placeholder", "message", "heading", "hint"]);
/** Words that are the same in every language: the product's name, and the sites a song is shared to. */
const SAME_IN_EVERY_LANGUAGE = new Set(["Tunesmith", "X", "Facebook", "Reddit", "WhatsApp"]);

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface KeyUse {
  readonly file: string;
  readonly line: number;
  /** "namespace:key" when the call names it, else the bare key. */
  readonly key: string;
  /** The namespaces the file's useTranslation asks for, in order (empty: common only). */
  readonly namespaces: readonly string[];
}

type Node = { readonly type: string; readonly start: number; [field: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

const isText = (text: string): boolean => /\p{L}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());

/** The static words of a string or template literal, or null for anything else. */
function literalWords(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral")
    return (node.quasis as { value: { cooked: string } }[]).map((quasi) => quasi.value.cooked).join("…");
  return null;
}

/** Strings a JSX child or attribute expression may render: through ?:, && and ||. */
function renderedWords(node: unknown): string[] {
  if (!isNode(node)) return [];
  if (node.type === "ConditionalExpression")
    return [...renderedWords(node.consequent), ...renderedWords(node.alternate)];
  if (node.type === "LogicalExpression") return [...renderedWords(node.left), ...renderedWords(node.right)];
  if (node.type === "ParenthesizedExpression" || node.type === "JSXExpressionContainer")
    return renderedWords(node.expression);
  const words = literalWords(node);
  return words === null ? [] : [words];
}

/** An attribute or field read as text: one of the listed names, or a name ending in one (emptyText, submitLabel). */
const isTextName = (name: string, names: ReadonlySet<string>): boolean =>
  names.has(name) || /(Label|Text|Title|Heading|Message|Hint|Placeholder|Description)$/.test(name);

function attributeName(node: Node): string {
  const name = node.name as Node;
  return name.type === "JSXIdentifier" ? String(name.name) : "";
}

function propertyName(node: Node): string {
  const key = node.key as Node;
  if (key.type === "Identifier") return String(key.name);
  if (key.type === "Literal") return String(key.value);
  return "";
}

function calleeName(node: Node): string {
  const callee = node.callee as Node;
  if (callee.type === "Identifier") return String(callee.name);
  if (callee.type === "MemberExpression" && isNode(callee.property))
    return String(callee.property.name ?? "");
  return "";
}

/** The namespaces of a file's useTranslation("ns") or useTranslation(["ns", ...]) calls. */
function namespacesOf(program: Node): string[] {
  const found: string[] = [];
  walk(program, (node) => {
    if (node.type !== "CallExpression" || calleeName(node) !== "useTranslation") return;
    const [first] = node.arguments as unknown[];
    const words = literalWords(first);
    if (words !== null) found.push(words);
    if (isNode(first) && first.type === "ArrayExpression")
      for (const element of first.elements as unknown[]) {
        const name = literalWords(element);
        if (name !== null) found.push(name);
      }
  });
  return found;
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const [field, value] of Object.entries(node)) {
    if (field === "type") continue;
    if (Array.isArray(value)) for (const item of value) isNode(item) && walk(item, visit);
    else if (isNode(value)) walk(value, visit);
  }
}

export interface Scan {
  readonly untranslated: readonly Finding[];
  readonly keys: readonly KeyUse[];
}

/** Scans one file's source. */
export function scanSource(file: string, source: string): Scan {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) throw new Error(`${file} does not parse: ${parsed.errors[0]?.message}`);
  const program = parsed.program as unknown as Node;
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const untranslated: Finding[] = [];
  const keys: KeyUse[] = [];
  const namespaces = namespacesOf(program);
  const flag = (node: Node, words: readonly string[]) => {
    for (const text of words)
      if (isText(text)) untranslated.push({ file, line: lineOf(node.start), text: text.trim() });
  };
  // A sentence kept in a module-level constant is shown somewhere: it belongs in the locale files.
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of declaration.declarations as Node[]) {
      const words = literalWords(declarator.init);
      if (words !== null && /\s/.test(words.trim())) flag(declarator, [words]);
      // A table of words by value (KIND_TEXT, STATUS_LABELS): each value is shown.
      const name = isNode(declarator.id) ? String(declarator.id.name ?? "") : "";
      const init =
        isNode(declarator.init) && declarator.init.type === "TSAsExpression"
          ? declarator.init.expression
          : declarator.init;
      if (
        /(TEXTS?|LABELS?|WORDS|NAMES|TITLES|MESSAGES)$/.test(name) &&
        isNode(init) &&
        init.type === "ObjectExpression"
      )
        for (const property of init.properties as Node[]) flag(property, renderedWords(property.value));
    }
  }
  walk(program, (node) => {
    switch (node.type) {
      case "JSXElement":
      case "JSXFragment":
        for (const child of node.children as Node[]) {
          if (child.type === "JSXText") flag(child, [String(child.value)]);
          if (child.type === "JSXExpressionContainer") flag(child, renderedWords(child.expression));
        }
        break;
      case "JSXAttribute":
        if (isTextName(attributeName(node), TEXT_ATTRIBUTES)) flag(node, renderedWords(node.value));
        break;
      case "Property":
        if (isTextName(propertyName(node), TEXT_FIELDS)) flag(node, renderedWords(node.value));
        break;
      case "CallExpression": {
        if (calleeName(node) !== "t") break;
        // A template key is built at run time: the files' key sets are compared instead.
        const [first] = node.arguments as Node[];
        if (first?.type === "Literal" && typeof first.value === "string")
          keys.push({ file, line: lineOf(node.start), key: first.value, namespaces });
        break;
      }
    }
  });
  return { untranslated, keys };
}
