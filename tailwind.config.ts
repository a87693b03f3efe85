import type { Config } from "tailwindcss";

// Breakpoints are the product's UI layer (docs/product.md#constants): sm 600, md 960, lg 1280, xl 1920, xxl 2560; "mobile" is below lg.
export default {
  content: ["./app/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    screens: {
      sm: "600px",
      md: "960px",
      lg: "1280px",
      xl: "1920px",
      xxl: "2560px",
    },
    extend: {
      colors: {
        primary: "var(--color-primary)",
        secondary: "#FE3635",
        surface: "var(--color-surface)",
        "surface-raised": "var(--color-surface-raised)",
        muted: "var(--color-muted)",
        line: "var(--color-line)",
        page: "var(--color-page)",
        ink: "var(--color-ink)",
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Helvetica Neue", "Arial", "sans-serif"],
      },
    },
  },
} satisfies Config;
