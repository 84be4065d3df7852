// Tailwind CSS v4 through Next's PostCSS pipeline; the theme (our design tokens) is in app/globals.css.
export default { plugins: { "@tailwindcss/postcss": {} } };
