// The server login form's own script (served at /static/js/login-form.js, after jsencrypt, as 2.3's
// login page does): the typed password leaves the page only RSA-encrypted (PKCS#1 v1.5, base64) with
// the form's public key, in the hidden `password` field. The typed field has no name, so it is never sent.
(function () {
  var form = document.getElementById('login-form');
  if (!form) return;
  form.addEventListener('submit', function (event) {
    var typed = document.getElementById('password');
    var hidden = document.getElementById('password-hidden');
    var encrypt = new window.JSEncrypt();
    encrypt.setPublicKey(form.getAttribute('data-rsa-public-key'));
    var cipher = encrypt.encrypt(typed.value);
    // jsencrypt answers false when it cannot (a password longer than the key allows): nothing is sent.
    if (!cipher) {
      event.preventDefault();
      return;
    }
    hidden.value = cipher;
  });
})();
