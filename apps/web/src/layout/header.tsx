import { Link } from "react-router";
import { useStatus } from "../features/system/system-api.ts";
import { HeaderAccount, HeaderMessagesTools } from "./header-account.tsx";
import { LangPicker } from "./lang-picker.tsx";
import { MainNav } from "./main-nav.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { TopMenu } from "./top-menu.tsx";

/** spec §2 header: logo (home), account area, language, theme, top menu; then the nav. */
export function Header({ showNav }: { showNav: boolean }) {
  const { data: status } = useStatus();
  const brand = status?.brand;
  return (
    <header className="site-header">
      <div className="header-bar">
        <div className="header-row container">
          <Link to="/" className="logo" data-testid="logo">
            {brand?.logoUrl ? (
              <img src={brand.logoUrl} alt={brand.name} width={143} height={40} />
            ) : (
              <span className="logo-text">{brand?.name}</span>
            )}
          </Link>
          <HeaderAccount />
          <div className="header-tools">
            <HeaderMessagesTools />
            <LangPicker />
            <ThemeToggle />
            <TopMenu />
          </div>
        </div>
      </div>
      {showNav && <MainNav />}
    </header>
  );
}
