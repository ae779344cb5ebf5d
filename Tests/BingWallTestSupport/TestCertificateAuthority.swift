import Foundation

/// A certificate authority made for one test with `openssl`, and a server certificate it signs
/// for `localhost` and 127.0.0.1: what a TLS-inspecting proxy's CA looks like to bingwall.
///
/// EC P-256 keys, because they are made in milliseconds; valid for two days.
package struct TestCertificateAuthority {
  /// The CA's certificate, PEM: the file to trust (`network.ca_file`, `SSL_CERT_FILE`).
  package let caFile: String
  /// The server's certificate and key, PEM, for `localhost` and `IP:127.0.0.1`.
  let serverCertificate: String
  let serverKey: String

  package init(in folder: TemporaryDirectory) throws {
    caFile = folder.file("ca.pem")
    serverCertificate = folder.file("server.pem")
    serverKey = folder.file("server.key")
    let caKey = folder.file("ca.key")
    let request = folder.file("server.csr")
    let extensions = folder.file("server.ext")
    let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    try ExternalTool.run(
      ["openssl", "req", "-x509"] + curve + [
        "-days", "2", "-subj", "/CN=bingwall test CA", "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-keyout", caKey, "-out", caFile,
      ])
    try ExternalTool.run(
      ["openssl", "req", "-new"] + curve + ["-subj", "/CN=localhost", "-keyout", serverKey, "-out", request])
    try "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
      .write(toFile: extensions, atomically: false, encoding: .utf8)
    try ExternalTool.run([
      "openssl", "x509", "-req", "-in", request, "-CA", caFile, "-CAkey", caKey, "-set_serial", "1", "-days",
      "2",
      "-extfile", extensions, "-out", serverCertificate,
    ])
  }
}
