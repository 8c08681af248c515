#!/bin/sh
# Installs the prebuilt zot binary for this machine from a zot release, without sudo.
#
#   curl -fsSL https://github.com/zot-dev/zot/releases/latest/download/install.sh | sh
#
# Environment:
#   ZOT_INSTALL_DIR  where to put zot (default: ~/.local/bin)
#   ZOT_VERSION      install this version (e.g. 0.2.0) instead of the newest
#   ZOT_RELEASE_URL  where the release's assets are (a mirror); overrides ZOT_VERSION
#
# It downloads zot-<target> and SHA256SUMS, refuses the binary unless its SHA-256 matches,
# then moves it into place in one rename.
set -eu

repo="zot-dev/zot"

fail() {
  printf 'zot install: %s\n' "$*" >&2
  exit 1
}

# The release target for this OS and CPU; names match src/release/targets.ts.
detect_target() {
  os=$(uname -s)
  cpu=$(uname -m)
  case "$cpu" in
    x86_64 | amd64) cpu=x86_64 ;;
    aarch64 | arm64) cpu=aarch64 ;;
    *) unsupported ;;
  esac
  case "$os" in
    Linux)
      if ldd --version 2>&1 | grep -qi musl; then
        fail "zot releases are built for glibc Linux; this one uses musl. Run zot from source instead: see the README's Set up"
      fi
      platform=unknown-linux-gnu
      ;;
    Darwin)
      # An x86_64 shell under Rosetta on Apple silicon should still get the native build.
      if [ "$cpu" = x86_64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
        cpu=aarch64
      fi
      platform=apple-darwin
      ;;
    MINGW* | MSYS* | CYGWIN*)
      [ "$cpu" = x86_64 ] || unsupported
      platform=pc-windows-msvc
      ;;
    *) unsupported ;;
  esac
  target="$cpu-$platform"
}

unsupported() {
  fail "no zot release is built for $(uname -s)/$(uname -m); releases exist for Linux and macOS (x86_64, arm64) and Windows (x86_64). Run zot from source instead: see the README's Set up"
}

download() {
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL -o "$2" "$1" || fail "cannot download $1 (curl failed); check the network or set ZOT_RELEASE_URL to a mirror"
  elif command -v wget >/dev/null 2>&1; then
    wget -q -O "$2" "$1" || fail "cannot download $1 (wget failed); check the network or set ZOT_RELEASE_URL to a mirror"
  else
    fail "neither curl nor wget is installed; install one and run this again"
  fi
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 "$1" | sed 's/.*= *//'
  else
    fail "no sha256sum, shasum or openssl to verify the download with; install one and run this again"
  fi
}

main() {
  if [ -n "${ZOT_RELEASE_URL:-}" ]; then
    base=${ZOT_RELEASE_URL%/}
  elif [ -n "${ZOT_VERSION:-}" ]; then
    base="https://github.com/$repo/releases/download/v${ZOT_VERSION#v}"
  else
    base="https://github.com/$repo/releases/latest/download"
  fi
  detect_target
  asset="zot-$target"
  exe=zot
  if [ "$platform" = pc-windows-msvc ]; then
    asset="$asset.exe"
    exe=zot.exe
  fi
  dir=${ZOT_INSTALL_DIR:-${HOME:?HOME is not set; set ZOT_INSTALL_DIR}/.local/bin}

  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  trap 'exit 130' INT TERM
  download "$base/SHA256SUMS" "$tmp/SHA256SUMS"
  expected=$(awk -v a="$asset" '$2 == a || $2 == "*" a { print $1 }' "$tmp/SHA256SUMS")
  [ -n "$expected" ] || fail "$base/SHA256SUMS lists no $asset; the release may be incomplete, try again later"
  printf 'downloading %s\n' "$base/$asset"
  download "$base/$asset" "$tmp/$asset"
  actual=$(sha256 "$tmp/$asset")
  if [ "$actual" != "$expected" ]; then
    fail "checksum mismatch for $asset: SHA256SUMS says $expected, the download is $actual; the download is corrupt or was tampered with, so nothing was installed"
  fi

  mkdir -p "$dir" 2>/dev/null || fail "cannot create $dir; choose a folder you own with ZOT_INSTALL_DIR=..."
  # Copy beside the target, then rename: a running zot is never left half-written.
  cp "$tmp/$asset" "$dir/.$exe.new" 2>/dev/null || fail "cannot write to $dir; choose a folder you own with ZOT_INSTALL_DIR=... (no sudo needed)"
  chmod 755 "$dir/.$exe.new"
  mv -f "$dir/.$exe.new" "$dir/$exe"

  version=$("$dir/$exe" --version 2>/dev/null || true)
  printf 'installed %s to %s\n' "${version:-zot}" "$dir/$exe"
  case ":$PATH:" in
    *":$dir:"*) printf 'run: zot --help\n' ;;
    *)
      printf '%s is not on your PATH; add it to your shell profile:\n' "$dir"
      # shellcheck disable=SC2016 # $PATH is meant literally: the profile expands it later
      printf '  sh/bash/zsh:  echo '\''export PATH="%s:$PATH"'\'' >> ~/.profile\n' "$dir"
      printf '  fish:         fish_add_path %s\n' "$dir"
      printf 'then open a new terminal and run: zot --help\n'
      ;;
  esac
}

main "$@"
