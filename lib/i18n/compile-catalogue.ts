import compile from "icu-minify/compile";

/*
 * Messages are compiled from ICU text to icu-minify's compact form before any page gets them, so
 * the browser formats them with use-intl's format-only entry (next.config.mjs aliases
 * `use-intl/format-message` to it) and never downloads an ICU parser: the recorder's first load
 * on a cheap phone is about 10 kB lighter. The same as next-intl's `messages.precompile`, without
 * its Next plugin. Compiling runs on the server for a page's catalogue, and in the browser only
 * when the cleaner switches language (this module is then loaded on demand).
 */

type Tree = { [key: string]: string | Tree };

/** One message compiled, as plain JSON: icu-minify's plural tables have no prototype, which React will not pass to the browser. */
function compileMessage(message: string): string {
  return JSON.parse(JSON.stringify(compile(message))) as string;
}

function compileTree(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, typeof value === "string" ? compileMessage(value) : compileTree(value)]),
  );
}

/**
 * The catalogue with every message compiled. Typed as its source: use-intl reads the compiled
 * form in place of the text, and keys and arguments are still checked against the ICU text.
 */
export function compileCatalogue<T extends object>(messages: T): T {
  return compileTree(messages as unknown as Tree) as unknown as T;
}
