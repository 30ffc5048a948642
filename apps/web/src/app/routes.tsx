import { GAMES_PATHS, HOME_PATHS } from "@panalo/contracts/site-routes";
import { Navigate, Route, Routes, useParams } from "react-router";
import { agentPagePath } from "../features/agent-centre/paths.ts";
import { BareLayout, SiteLayout } from "../layout/site-layout.tsx";
import { lazyPage } from "./lazy-page.ts";

/** The home page's code, also requested early by main.tsx when the visit starts there. */
export const loadHomePage = () => import("../pages/home/home-page.tsx");

// One lazily loaded chunk per screen (spec §2 route table).
const HomePage = lazyPage(loadHomePage);
const RegisterPage = lazyPage(
  () => import("../pages/register/register-page.tsx"),
  () => import("../features/i18n/texts/register.ts"),
);
const LoginPage = lazyPage(() => import("../pages/login/login-page.tsx"));
const AgentLoginPage = lazyPage(() => import("../pages/login/agent-login-page.tsx"));
const InviteRedirect = lazyPage(() => import("../pages/register/invite-redirect.tsx"));
const NoticesPage = lazyPage(() => import("../pages/notices/notices-page.tsx"));
const PointMallPage = lazyPage(
  () => import("../pages/point-mall/point-mall-page.tsx"),
  () => import("../features/i18n/texts/pointMall.ts"),
);
const RankPage = lazyPage(() => import("../pages/rank/rank-page.tsx"));
const LotteryPage = lazyPage(
  () => import("../pages/lottery/lottery-page.tsx"),
  () => import("../features/i18n/texts/lottery.ts"),
);
const LotteryVerifyPage = lazyPage(
  () => import("../pages/lottery/verify-page.tsx"),
  () => import("../features/i18n/texts/lottery.ts"),
);
const GamesPage = lazyPage(() => import("../pages/games/games-page.tsx"));
const BingoPage = lazyPage(() => import("../pages/bingo/bingo-page.tsx"));
const CockfightPage = lazyPage(() => import("../pages/cockfight/cockfight-page.tsx"));
const LivePage = lazyPage(() => import("../pages/live/live-page.tsx"));
const SportsPage = lazyPage(
  () => import("../pages/sports/sports-page.tsx"),
  () => import("../features/i18n/texts/sports.ts"),
);
const PromotionsPage = lazyPage(() => import("../pages/promotions/promotions-page.tsx"));
const PromoDetailPage = lazyPage(
  () => import("../pages/promotions/promo-detail-page.tsx"),
  () => import("../features/i18n/texts/wallet.ts"),
);
const SeamlessPage = lazyPage(() => import("../pages/seamless/seamless-page.tsx"));
const HelpPage = lazyPage(() => import("../pages/help/help-page.tsx"));
const HelpMcPage = lazyPage(() => import("../pages/help/helpmc-page.tsx"));
const DownloadPage = lazyPage(
  () => import("../pages/download/download-page.tsx"),
  () => import("../features/i18n/texts/download.ts"),
);
const JoinPage = lazyPage(() => import("../pages/join/join-page.tsx"));
const GamePage = lazyPage(() => import("../pages/game/game-page.tsx"));
const DepositReturnPage = lazyPage(() => import("../pages/deposit-return/deposit-return-page.tsx"));
const ResetPasswordPage = lazyPage(
  () => import("../pages/reset-password/reset-password-page.tsx"),
  () => import("../features/i18n/texts/acct.ts"),
);
const ResponsibleGamingPage = lazyPage(
  () => import("../pages/responsible-gaming/responsible-gaming-page.tsx"),
  () => import("../features/i18n/texts/rg.ts"),
);
const NotFoundPage = lazyPage(() => import("../pages/not-found/not-found-page.tsx"));
// The agent centre: one route per page of its menu (/agent/<slug>), each page its own chunk.
const AgentCentrePage = lazyPage(
  () => import("../features/agent-centre/agent-centre-page.tsx"),
  () => import("../features/i18n/texts/agent.ts"),
);

// The route table is shared with the server (packages/contracts/src/site-routes.ts), which
// answers 404 for any other path; routes.test.ts keeps the two in step.

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<BareLayout />}>
        <Route path="/helpmc" element={<HelpMcPage />} />
        {/* spec §4 invitation link, short form: /a/CODE opens registration with the code */}
        <Route path="/a/:code" element={<InviteRedirect />} />
      </Route>
      <Route element={<SiteLayout />}>
        {HOME_PATHS.map((p) => (
          <Route key={p} path={p} element={<HomePage />} />
        ))}
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/register.html" element={<RegisterPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/agent" element={<AgentLoginPage />} />
        <Route path="/noticePage" element={<NoticesPage />} />
        <Route path="/pointMall" element={<PointMallPage />} />
        <Route path="/deposit-rank" element={<RankPage />} />
        <Route path="/bet-rank" element={<RankPage />} />
        <Route path="/lottery" element={<LotteryPage />} />
        <Route path="/lottery/verify" element={<LotteryVerifyPage />} />
        {GAMES_PATHS.map((p) => (
          <Route key={p} path={p} element={<GamesPage />} />
        ))}
        {/* the named route 'games': /{games}/{type: hot | vassalage}/{vassalage} */}
        <Route path="/:games/:type/:vassalage?" element={<GamesPage />} />
        <Route path="/bingo" element={<BingoPage />} />
        <Route path="/cockfight" element={<CockfightPage />} />
        <Route path="/live" element={<LivePage />} />
        <Route path="/sports" element={<SportsPage />} />
        <Route path="/esports" element={<SportsPage />} />
        <Route path="/promotions" element={<PromotionsPage />} />
        <Route path="/promoDetail" element={<PromoDetailPage />} />
        <Route path="/seamless" element={<SeamlessPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/down" element={<DownloadPage />} />
        <Route path="/download" element={<DownloadPage />} />
        <Route path="/join" element={<JoinPage />} />
        <Route path="/game" element={<GamePage />} />
        {/* a payment gateway's return address: the member centre's deposit page */}
        <Route path="/depositv2" element={<DepositReturnPage />} />
        {/* the password-reset e-mail's link (spec §4, CHNGPASSMAIL3) */}
        <Route path="/resetPassword" element={<ResetPasswordPage />} />
        <Route path="/agent/:page" element={<AgentCentrePage />} />
        {/* the contract pages' earlier addresses, now pages of the agent centre */}
        <Route path="/agentContracts/:page" element={<AgentContractsRedirect />} />
        {/* Responsible gaming, linked from every page's footer */}
        <Route path="/responsibleGaming" element={<ResponsibleGamingPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

function AgentContractsRedirect() {
  const { page } = useParams();
  return <Navigate to={agentPagePath(page)} replace />;
}
