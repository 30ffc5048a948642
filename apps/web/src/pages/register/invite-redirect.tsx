import { Navigate, useParams } from "react-router";

/** spec §4 invitation link, short form: /a/CODE is registration with the code filled in. */
export default function InviteRedirect() {
  const { code = "" } = useParams();
  const clean = code.replace(/[^A-Za-z0-9]/g, "").slice(0, 20);
  return <Navigate replace to={`/register?affiliateCode=${encodeURIComponent(clean)}`} />;
}
