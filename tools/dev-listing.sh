# SPDX-License-Identifier: GPL-2.0-only
# Sourced by tools/legacy-compare.sh and tools/stock-compare.sh.
# listing DIR: one "type mode uid:gid name" or "l link -> target" per entry of
# a /dev, sorted; udev's own files (.udev*: its database, lock, journal) left out
listing() {
	(cd "$1" && find . -mindepth 1 ! -type d ! -path './.udev*' | sed 's|^\./||' |
	LC_ALL=C sort | while read -r p; do
		if [ -L "$p" ]; then
			echo "l $p -> $(readlink "$p")"
		else
			stat -c "%F %a %u:%g $p" "$p" | sed -e 's/^character special file/c/' \
				-e 's/^block special file/b/'
		fi
	done)
}
