/**
 * The script the CAS login page loads (`/cas/js/security.js`). On submit it encrypts what was typed into
 * `#passwordShow` with the page's public key (`publicKeyModulus`, `publicKeyExponent`) into the hidden
 * `password` field, the textbook RSA of rsa.ts: UTF-16 code units taken as bytes, zero-padded blocks of
 * 126 bytes read little-endian, each block's m^e mod n as 256 lower-case hex digits. `#passwordShow`
 * has no name, so the plain password never leaves the browser.
 */
export const SECURITY_JS = `(function () {
  "use strict";
  var BLOCK = 126;
  function modPow(base, exp, mod) {
    var result = BigInt(1), b = base % mod, e = exp;
    while (e > BigInt(0)) {
      if (e & BigInt(1)) result = (result * b) % mod;
      b = (b * b) % mod;
      e = e >> BigInt(1);
    }
    return result;
  }
  function encrypt(text, modulusHex, exponentHex) {
    if (/^[0-9a-fA-F]{254,256}$/.test(text)) return text;
    var n = BigInt("0x" + modulusHex), e = BigInt("0x" + exponentHex);
    var bytes = [];
    for (var i = 0; i < text.length; i++) bytes.push(text.charCodeAt(i) & 255);
    while (bytes.length === 0 || bytes.length % BLOCK !== 0) bytes.push(0);
    var out = "";
    for (var start = 0; start < bytes.length; start += BLOCK) {
      var m = BigInt(0);
      for (var k = BLOCK - 1; k >= 0; k--) m = (m << BigInt(8)) | BigInt(bytes[start + k]);
      var c = modPow(m, e, n).toString(16);
      while (c.length < 256) c = "0" + c;
      out += c;
    }
    return out;
  }
  window.RSAUtils = { encryptedString: encrypt };
  function wire() {
    var form = document.getElementById("fm1");
    if (!form) return;
    form.addEventListener("submit", function () {
      var shown = document.getElementById("passwordShow");
      var hidden = document.getElementById("password");
      if (!shown || !hidden) return;
      hidden.value = encrypt(shown.value, window.publicKeyModulus, window.publicKeyExponent || "010001");
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
`
