import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { openLogin, openMemberCentre } from "../../features/account/account-ui.ts";
import { useSession } from "../../features/session/session-store.ts";

/**
 * /depositv2?deposit=N — where a payment gateway sends the player back. The server
 * builds this address on the host the player used (lib/site-origin.ts), so their session is
 * here: the member centre opens on the deposit page with that deposit's outcome, over the home
 * page. Without a session (another browser, an ended session) the login popup comes first and
 * brings the player back here.
 */
export default function DepositReturnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  const raw = params.get("deposit") ?? "";
  const deposit = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  useEffect(() => {
    if (!loggedIn) {
      openLogin({ reason: "required", afterLogin: `/depositv2${deposit ? `?deposit=${deposit}` : ""}` });
      return;
    }
    navigate("/", { replace: true });
    openMemberCentre("depositv2", deposit ? { deposit } : {});
  }, [loggedIn, deposit, navigate]);
  return null;
}
