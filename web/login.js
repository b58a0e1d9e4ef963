// The account page: log in, create an account, log out, change the password.
import {api} from "./common.js";
import {showAccount} from "./account.js";

const $ = (id) => document.getElementById(id);

/** show fills the page for who is logged in (null: nobody). */
function show(me) {
  $("signed-in").hidden = !me;
  $("signed-out").hidden = !!me;
  if (me) $("who").textContent = me.username;
  showAccount(me);
}

async function refresh() {
  show(await api("/api/me").catch(() => null));
}

/** submitCredentials logs in or creates an account, showing what went wrong. */
async function submitCredentials(path) {
  const form = $("login-form");
  if (!form.reportValidity()) return;
  $("login-errors").textContent = "";
  try {
    show(await api(path, {username: $("username").value.trim(), password: $("password").value}));
    $("password").value = "";
  } catch (err) {
    $("login-errors").textContent = err.message;
  }
}

$("login-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  submitCredentials("/api/login");
});
$("signup").addEventListener("click", () => submitCredentials("/api/signup"));

$("logout").addEventListener("click", async () => {
  await api("/api/logout", {}).catch(() => {});
  show(null);
});

$("password-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  $("password-errors").textContent = "";
  try {
    await api("/api/password", {old: $("old-password").value, new: $("new-password").value});
    ev.target.reset();
    $("password-errors").textContent = "Password changed.";
  } catch (err) {
    $("password-errors").textContent = err.message;
  }
});

refresh();
