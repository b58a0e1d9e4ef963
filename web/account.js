// The header's account link: who is logged in, or an invitation to log in.
import {api} from "./common.js";
import {t, loadWords} from "./i18n.js";

/** showAccount writes the header link for who is logged in (null: nobody). */
export function showAccount(me) {
  const link = document.getElementById("account");
  if (link) link.textContent = me ? t("account.link", {name: me.username}) : t("account.log_in");
}

if (document.getElementById("account") && !document.getElementById("login-form")) {
  Promise.all([api("/api/me").catch(() => null), loadWords()]).then(([me]) => showAccount(me));
}
