// Throwaway self-signed certificate for CN/SAN public.test (100 years), used only by the
// fetcher's TLS test to prove that SNI carries the hostname and that verification stays on.
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUQ70I7kMkSYHt/A6hfpjeLQ7h+c4wCgYIKoZIzj0EAwIw
FjEUMBIGA1UEAwwLcHVibGljLnRlc3QwIBcNMjYxMTIxMjA1MDAyWhgPMjEyNjEw
MjgyMDUwMDJaMBYxFDASBgNVBAMMC3B1YmxpYy50ZXN0MFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAEkDji/DENAcZq6rDweWHCcwgUG4EPvjWe1gTba6jpls0hQ4KL
5y0821csdlHliS0v/Fr1IpeB1XdTdt4+CsY7W6NrMGkwHQYDVR0OBBYEFHdwMU5h
+XuC62PeaMidrtso9+JnMB8GA1UdIwQYMBaAFHdwMU5h+XuC62PeaMidrtso9+Jn
MA8GA1UdEwEB/wQFMAMBAf8wFgYDVR0RBA8wDYILcHVibGljLnRlc3QwCgYIKoZI
zj0EAwIDRwAwRAIgQi4E2OzvJvrUzVLOijfDZST5BvkvuuQOqJ02PyomwTECIBvz
76nxP0qxDo2sG59cPIINaO07eehJJKlOheqmaf9l
-----END CERTIFICATE-----
`;
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgaDwfOpZoAsjj9HIs
TlZqfPnxrFl4Dl9eMhEutr40gkChRANCAASQOOL8MQ0BxmrqsPB5YcJzCBQbgQ++
NZ7WBNtrqOmWzSFDgovnLTzbVyx2UeWJLS/8WvUil4HVd1N23j4Kxjtb
-----END PRIVATE KEY-----
`;
//# sourceMappingURL=fetch-test-tls.js.map