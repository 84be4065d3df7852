import type { Messages } from "./catalogues";
import type { PageLocale } from "./locales";

// Message keys and their arguments are checked by the compiler wherever `useTranslations` is used.
declare module "use-intl" {
  interface AppConfig {
    Locale: PageLocale;
    Messages: Messages;
  }
}
