// The header's account link: who is logged in, or an invitation to log in.
import {api} from "./common.js";

/** showAccount writes the header link for who is logged in (null: nobody). */
export function showAccount(me) {
  const link = document.getElementById("account");
  if (link) link.textContent = me ? `${me.username} (account)` : "Log in";
}

if (document.getElementById("account")) {
  api("/api/me").then(showAccount, () => showAccount(null));
}
