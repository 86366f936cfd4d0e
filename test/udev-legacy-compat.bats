#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Rules that must give what udev 050 and udev 064 gave, one row per @test:
# the release the expectation comes from ("050": a file in the 2004
# KEY="value" syntax; "064": a file in the operator syntax), then the layout,
# devpath, subsystem, rule file and the expected /dev listing. Each row was
# checked against a build of that release on the same fake sysfs tree.
# (udev.conf of the tests sets default_mode="0600".)

load udev-lib

setup() {
	udev_setup
	# names of the rows resolve here, not in the machine's files
	printf 'root:x:0:0::/:/bin/sh\ndaemon:x:1:1::/:/bin/sh\nnobody:x:65534:65534::/:/bin/sh\n' > "$T/passwd"
	printf 'root:x:0:\ntty:x:5:\ndialout:x:20:\nusers:x:100:\n' > "$T/group"
	export UDEV_PASSWD_FILE="$T/passwd" UDEV_GROUP_FILE="$T/group"
}

TTYS=/class/tty/ttyS0
SDA1=/block/sda/sda1

# ---- precedence over several matching rules ----------------------------------
@test "064: OWNER/GROUP/MODE take the last value" { check_add legacy $TTYS tty 'KERNEL=="ttyS*", GROUP="tty", MODE="0660"
KERNEL=="ttyS0", GROUP="dialout", MODE="0666"' 'c 0666 0:20 ttyS0'; }
@test "064: OWNER, GROUP, MODE rules and a NAME rule combine field by field" { check_add legacy $TTYS tty 'KERNEL=="ttyS*", OWNER="daemon"
KERNEL=="ttyS*", GROUP="tty"
KERNEL=="ttyS*", MODE="0640"
KERNEL=="ttyS0", NAME="modem", GROUP="dialout"' 'c 0640 1:20 modem'; }
@test "064: a later specific rule overrides a subsystem-wide GROUP (Debian's permissions.rules)" { check_add legacy $TTYS tty 'SUBSYSTEM=="tty", GROUP="dialout"
KERNEL=="ttyS0", MODE="0640", GROUP="root"' 'c 0640 0:0 ttyS0'; }
@test "064: GROUP := is final" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", GROUP:="tty"
KERNEL=="ttyS0", GROUP="dialout"' 'c 0600 0:5 ttyS0'; }
@test "064: MODE := is final, a second := does not change it" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE:="0640"
KERNEL=="ttyS0", MODE:="0666"' 'c 0640 0:0 ttyS0'; }
@test "064: MODE=\"0\" sets nothing, not even with :=" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0640"
KERNEL=="ttyS0", MODE:="0"
KERNEL=="ttyS*", GROUP="tty"' 'c 0640 0:5 ttyS0'; }
@test "064: MODE:=\"0\" does not make the mode final" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE:="00"
KERNEL=="ttyS0", MODE="0666"' 'c 0666 0:0 ttyS0'; }
@test "050: MODE=\"0\" takes the default" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="a", MODE="0"' 'c 0600 0:0 a'; }
@test "064: MODE=\"\" sets nothing, the rest of the rule applies" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0640"
KERNEL=="ttyS0", MODE="", SYMLINK+="l"' 'l l -> ttyS0; c 0640 0:0 ttyS0'; }
@test "differs from 064: a MODE that is not octal skips the rule, with a log line (064: its leading digits)" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0640x", SYMLINK+="l"' 3 \
		"50-test.rules:1: MODE is not an octal number, skipping the rule" 'c 0600 0:0 ttyS0'
}
@test "differs from 064: a device without a driver has DRIVER \"\" (064: unknown)" { check_add legacy $TTYS tty 'DRIVER=="unknown", NAME="a"
DRIVER!="?*", SYMLINK+="l"' 'l l -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: OWNER = after OWNER := is ignored" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER:="daemon"
KERNEL=="ttyS0", OWNER="5000"' 'c 0600 1:0 ttyS0'; }
@test "064: once named, a later rule carrying NAME is skipped whole" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="a", SYMLINK+="l1"
KERNEL=="ttyS0", NAME="b", SYMLINK+="l2", MODE="0666"
KERNEL=="ttyS0", SYMLINK+="l3"' 'c 0600 0:0 a; l l1 -> a; l l3 -> a'; }
@test "064: a later NAME rule's PROGRAM does not run" {
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", NAME=\"a\"
KERNEL==\"ttyS0\", PROGRAM=\"/bin/touch $T/ran\", NAME=\"b\"" 'c 0600 0:0 a'
	[ ! -e "$T/ran" ]
}
@test "064: SYMLINK = replaces the links of earlier rules" { check_add legacy $TTYS tty 'KERNEL=="ttyS*", SYMLINK+="l1"
KERNEL=="ttyS0", SYMLINK="l2"' 'l l2 -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: SYMLINK := replaces and is final" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK="a"
KERNEL=="ttyS0", SYMLINK:="b"
KERNEL=="ttyS0", SYMLINK+="c"
KERNEL=="ttyS0", SYMLINK="d"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: RUN = replaces, += appends" {
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo one >> $T/r'\"
KERNEL==\"ttyS0\", RUN=\"/bin/sh -c 'echo two >> $T/r'\"
KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo three >> $T/r'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/r")" = "two,three" ]
}
@test "064: last_rule ends the rules" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l3", OPTIONS="last_rule"
KERNEL=="ttyS0", SYMLINK+="l4", MODE="0666"' 'l l3 -> ttyS0; c 0600 0:0 ttyS0'; }
@test "050: the first rule with a NAME names the device, with its own permissions" { check_add legacy $TTYS tty 'KERNEL="ttyS*", NAME="a", GROUP="tty"
KERNEL="ttyS0", NAME="b", GROUP="dialout", MODE="0666"' 'c 0600 0:5 a'; }
@test "050: links of the rules up to the NAME rule, none after it" { check_add legacy $TTYS tty 'KERNEL="ttyS*", SYMLINK="l1"
KERNEL="ttyS0", NAME="b", SYMLINK="l2", MODE="0640"
KERNEL="ttyS0", SYMLINK="l3", MODE="0666"' 'c 0640 0:0 b; l l1 -> b; l l2 -> b'; }
@test "050: a second NAME rule's OWNER does not leak into the first" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="b", OWNER="daemon"
KERNEL="ttyS0", NAME="c", GROUP="tty"' 'c 0600 1:0 b'; }
@test "050: OWNER, GROUP and MODE of a SYMLINK rule without NAME are ignored" { check_add legacy $TTYS tty 'KERNEL="ttyS0", SYMLINK="l", MODE="0640", OWNER="daemon"
KERNEL="ttyS0", NAME="n", GROUP="tty"' 'l l -> n; c 0600 0:5 n'; }
@test "050: ... and when no rule names the device" { check_add legacy $TTYS tty 'KERNEL="ttyS0", SYMLINK="l", MODE="0640", GROUP="tty"' 'l l -> ttyS0; c 0600 0:0 ttyS0'; }
@test "050: key names in any case" { check_add legacy $TTYS tty 'kernel="ttyS0", Name="lc", mode="0640"' 'c 0640 0:0 lc'; }
@test "050: an empty value ends the rule: the keys after it are not read" { check_add legacy $TTYS tty 'SYMLINK="l", NAME="", KERNEL="nonesuch"' 'l l -> ttyS0; c 0600 0:0 ttyS0'; }
@test "050: NAME=\"\" before keys that do not match still ignores the device" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="", SUBSYSTEM="nonesuch"' ''; }
@test "050: an empty SYMLINK before the NAME leaves a rule that ignores the device" { check_add legacy $TTYS tty 'KERNEL="ttyS0", MODE="0640", SYMLINK="", NAME="b"' ''; }
@test "050: an empty OWNER after the NAME drops only the keys after it" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="b", OWNER="", MODE="0640"' 'c 0600 0:0 b'; }
@test "050: a rule that starts with an empty value is skipped" { check_add legacy $TTYS tty 'NAME="", KERNEL="ttyS0"
KERNEL="ttyS0", SYMLINK="l"' 'l l -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: an empty value is one key among the others" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="b", OWNER="", MODE="0640"' 'c 0640 0:0 b'; }
@test "050: RESULT with no PROGRAM before it in the file skips the rule" { check_add legacy $TTYS tty 'RESULT="*", NAME="x"
KERNEL="nonesuch", PROGRAM="/bin/true"' 'c 0600 0:0 ttyS0'; }
@test "050: a PROGRAM of an earlier rule lets a RESULT rule be read" { check_add legacy $TTYS tty 'KERNEL="nonesuch", PROGRAM="/bin/true"
RESULT="*", NAME="x"' 'c 0600 0:0 x'; }
@test "050: %c{N} counts words, blanks in a row are one and leading ones are skipped" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo  two  spaces", SYMLINK="a%c{1} b%c{2} c%c{2+}"' 'l atwo -> ttyS0; l bspaces -> ttyS0; l cspaces -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: %c{N} counts the parts between single blanks" { check_add legacy $TTYS tty 'PROGRAM=="/bin/echo  two  spaces", SYMLINK+="a%c{1}a b%c{2}"' 'l aa -> ttyS0; l btwo -> ttyS0; c 0600 0:0 ttyS0'; }
@test "050: NAME{all_partitions} names a whole disk only: elsewhere its SYMLINK alone applies and the rules go on" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME{all_partitions}="b", SYMLINK="l", MODE="0644"
KERNEL="ttyS0", NAME="n", GROUP="tty"' 'l l -> n; c 0600 0:5 n'; }
@test "064: key names in any case" { check_add legacy $TTYS tty 'kernel=="ttyS0", Symlink+="l", Sysfs{dev}=="4:64"' 'l l -> ttyS0; c 0600 0:0 ttyS0'; }
@test "050 then 064: a 2004 file names, an operator file after it still sets GROUP" {
	legacy
	printf '%s\n' 'KERNEL="ttyS0", NAME="old", SYMLINK="l1"' > "$T/rules.d/10-old.rules"
	printf '%s\n' 'KERNEL=="ttyS0", NAME="new"' 'SUBSYSTEM=="tty", GROUP="tty", SYMLINK+="l2"' > "$T/rules.d/20-new.rules"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing | paste -sd ';')" = "l l1 -> old;l l2 -> old;c 0600 0:5 old" ]
}

# ---- built-in defaults ---------------------------------------------------------
@test "064: without default_mode in udev.conf a node gets 0660" {
	sed -i '/^default_mode=/d' "$T/udev.conf"
	check_add legacy $TTYS tty 'KERNEL=="ttyS0", GROUP="dialout"' 'c 0660 0:20 ttyS0'
}
@test "050: without default_mode, a 2004-syntax configuration gives 0600 (udev 050's built-in mode)" {
	sed -i '/^default_mode=/d' "$T/udev.conf"
	printf '%s\n' 's::dialout:' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="s"' 'c 0600 0:20 s'
}
@test "050: without default_mode, a device no 2004 rule names gets 0600 too" {
	sed -i '/^default_mode=/d' "$T/udev.conf"
	check_add legacy $TTYS tty 'KERNEL="nonesuch", NAME="x"' 'c 0600 0:0 ttyS0'
}
@test "050 then 064: one operator file among 2004 files makes the built-in mode 064's 0660" {
	sed -i '/^default_mode=/d' "$T/udev.conf"
	legacy
	printf '%s\n' 'KERNEL="ttyS0", NAME="old"' > "$T/rules.d/10-old.rules"
	printf '%s\n' 'KERNEL=="ttyS0", GROUP="tty"' > "$T/rules.d/20-new.rules"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0660 0:5 old" ]
}
@test "050: udev.conf's default_mode=\"0600\" still wins" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="s"' 'c 0600 0:0 s'; }
@test "050: a permissions line fills what the NAME rule leaves out, default_mode the rest" {
	printf '%s\n' 'tts/*:root:dialout:' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS*", NAME="tts/%n", OWNER="daemon"' 'c 0600 1:20 tts/0'
}
@test "050: a rule's MODE wins over the permissions line" {
	printf '%s\n' 'tts/*:root:dialout:0666' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS*", NAME="tts/%n", MODE="0640"' 'c 0640 0:20 tts/0'
}
@test "050: a later line with the same name fills what the first left empty" {
	printf '%s\n' 'tts/*::dialout:' 'tts/0:bin::0666' 'tts/*:daemon:tty:0640' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS*", NAME="tts/%n"' 'c 0640 1:20 tts/0'
}
@test "differs from 050: a later line of the same name fills an empty group (050: not once an owner was known)" {
	printf '%s\n' 'tts/*:daemon::' 'tts/*::tty:0640' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS*", NAME="tts/%n"' 'c 0640 1:5 tts/0'
}

# ---- '!' in kernel names ---------------------------------------------------------
CCISS='/block/cciss!c0d0'
@test "064: %k has '/' for '!', KERNEL matches the '/' form" { check_add legacy $CCISS block 'KERNEL=="cciss/c0d0", NAME="%k-x", SYMLINK+="disk-%n"' 'b 0600 0:0 cciss/c0d0-x; l disk-0 -> cciss/c0d0-x'; }
@test "064: KERNEL does not match the '!' form" { check_add legacy $CCISS block 'KERNEL=="cciss!c0d0", NAME="bang"' 'b 0600 0:0 cciss/c0d0'; }
@test "064: NAME=\"%k\" makes a directory" { check_add legacy $CCISS block 'KERNEL=="cciss/*", NAME="%k", MODE="0640"' 'b 0640 0:0 cciss/c0d0'; }
@test "050: %k has '/' for '!', KERNEL matches the sysfs name with '!'" { check_add legacy $CCISS block 'KERNEL="cciss!c0d0", NAME="%k-x", SYMLINK="disk-%n"' 'b 0600 0:0 cciss/c0d0-x; l disk-0 -> cciss/c0d0-x'; }
@test "050: KERNEL does not match the '/' form" { check_add legacy $CCISS block 'KERNEL="cciss/c0d0", NAME="slash"' 'b 0600 0:0 cciss/c0d0'; }

# ---- OWNER and GROUP values ------------------------------------------------------
@test "064: numeric OWNER and GROUP are used as they are" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="5000", GROUP="100"' 'c 0600 5000:100 ttyS0'; }
@test "064: OWNER and GROUP names are resolved" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="nobody", GROUP="users"' 'c 0600 65534:100 ttyS0'; }
@test "050: OWNER and GROUP names are resolved" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="s", OWNER="daemon", GROUP="tty"' 'c 0600 1:5 s'; }
@test "064: an unknown OWNER and GROUP are root, logged, and the event succeeds" {
	check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="no-such-user", GROUP="no-such-group"' 'c 0600 0:0 ttyS0'
	[[ "$output" == *"unknown user 'no-such-user' for ttyS0, using root"* ]]
	[[ "$output" == *"unknown group 'no-such-group' for ttyS0, using root"* ]]
}

# ---- the database ----------------------------------------------------------------
@test "050: the record is named by DEVPATH without its leading '/'" {
	check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="modem"' 'c 0600 0:0 modem'
	[ "$(ls -A "$T/db")" = "class@tty@ttyS0" ]
	db_text "$T/db/class@tty@ttyS0" | grep -qx 'P:/class/tty/ttyS0'
}
@test "050: a record as udev 050 wrote it (all links on one S: line) is read and removed" {
	mkdir -p "$T/db"
	printf 'P:/class/tty/ttyS0\nN:modem\nS:l1 l2\nA:0\nR:0\n' > "$T/db/class@tty@ttyS0"
	mknod "$T/dev/modem" c 4 64
	ln -s modem "$T/dev/l1"
	ln -s modem "$T/dev/l2"
	run "$BIN/udevinfo" -q path -n l2
	[ "$status" -eq 0 ]
	[ "$output" = /class/tty/ttyS0 ]
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ -z "$(listing)" ]
	[ -z "$(ls -A "$T/db")" ]
}
@test "a record of an earlier version (leading '@') is read, removed, and rewritten under the new name" {
	mkdir -p "$T/db"
	printf 'P:/class/tty/ttyS0\nN:old\nS:oldlink\n' > "$T/db/@class@tty@ttyS0"
	run "$BIN/udevinfo" -q name -p /class/tty/ttyS0
	[ "$status" -eq 0 ]
	[ "$output" = old ]
	rules 'KERNEL=="ttyS0", NAME="new"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(ls -A "$T/db")" = "class@tty@ttyS0" ]
	db_text "$T/db/class@tty@ttyS0" | grep -qx 'N:new'
	printf 'P:/class/tty/ttyS0\nN:new\n' > "$T/db/@class@tty@ttyS0"
	rm "$T/db/class@tty@ttyS0"
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ -z "$(ls -A "$T/db")" ] && [ -z "$(listing)" ]
}

# ---- SYSFS and trailing whitespace (attribute "WHITE  SPACE   ", no newline;
# "PAD  SPACE  " with one) ---------------------------------------------------------
SDA=/block/sda
@test "050: SYSFS ignores the attribute's trailing blanks when the pattern has none" { check_add legacy $SDA block 'SYSFS{whitespace_test}="WHITE  SPACE", NAME="ignored"' 'b 0600 0:0 ignored'; }
@test "050: a pattern ending in a blank must match the blanks exactly" { check_add legacy $SDA block 'SYSFS{whitespace_test}="WHITE  SPACE ", NAME="wrong"
SYSFS{whitespace_test}="WHITE  SPACE   ", NAME="matched-with-space"' 'b 0600 0:0 matched-with-space'; }
@test "064: SYSFS ignores trailing blanks and newline when the pattern has none" { check_add legacy $SDA block 'SYSFS{padded_test}=="PAD  SPACE", NAME="ignored"' 'b 0600 0:0 ignored'; }
@test "064: a pattern ending in blanks matches them but not the newline" { check_add legacy $SDA block 'SYSFS{padded_test}=="PAD  SPACE ", NAME="wrong"
SYSFS{padded_test}=="PAD  SPACE  ", NAME="matched-with-space"' 'b 0600 0:0 matched-with-space'; }

# ---- substituted text is scanned again; untrusted characters ---------------------
@test "050: PROGRAM output 'escape-%n' gives NAME=\"%c\" the kernel number" { check_add legacy $SDA1 block 'KERNEL="sda1", PROGRAM="/bin/echo -n escape-%%n", NAME="%c"' 'b 0600 0:0 escape-1'; }
@test "064: PROGRAM output 'escape-%n' gives NAME=\"%c\" the kernel number" { check_add legacy $SDA1 block 'KERNEL=="sda1", PROGRAM=="/bin/echo -n escape-%%n", NAME="%c"' 'b 0600 0:0 escape-1'; }
@test "064: a \$name in PROGRAM output is substituted too" { check_add legacy $SDA1 block 'KERNEL=="sda1", PROGRAM=="/bin/echo -n a-$$kernel", NAME="%c"' 'b 0600 0:0 a-sda1'; }
@test "064: a \$name ends where the name does, letters after it are text" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="a$numberb", SYMLINK+="$idx $kernelx-$majorz"' 'l 00:07x -> a0b; c 0600 0:0 a0b; l ttyS0x-4z -> a0b'; }
@test "064: a \$name in any case" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="$KERNEL-$Minor"' 'c 0600 0:0 ttyS0-64'; }
@test "064: '%%' in substituted text is a '%', not scanned again" { check_add legacy $SDA1 block 'KERNEL=="sda1", PROGRAM=="/bin/echo -n %%%%n", NAME="x%c"' 'b 0600 0:0 x%n'; }
@test "050: a '\$' in a 2004-syntax rule is text (\$names came with 060), '\$\$' too" { check_add legacy $SDA1 block 'KERNEL="sda1", NAME="n", SYMLINK="a$kernelb b$$c"' 'l a$kernelb -> n; l b$$c -> n; b 0600 0:0 n'; }
@test "050: a '\$name' in PROGRAM output of a 2004-syntax rule stays, %n is substituted" { check_add legacy $SDA1 block 'KERNEL="sda1", PROGRAM="/bin/echo -n p$kernel-%%n", NAME="%c"' 'b 0600 0:0 p$kernel-1'; }
@test "050: an unknown %x is dropped, the rest of the value stays" { check_add legacy $SDA1 block 'KERNEL="sda1", NAME="n", SYMLINK="a%qb"' 'l ab -> n; b 0600 0:0 n'; }
@test "differs from 050: %p and %E{} work in a 2004-syntax rule (050 dropped them as unknown)" { check_add legacy $SDA1 block 'KERNEL="sda1", NAME="n", SYMLINK="a%E{ACTION}b c%p"' 'l aaddb -> n; l c/block/sda/sda1 -> ../../../n; b 0600 0:0 n'; }
@test "differs from 064: an unknown %x is dropped, the rest stays (064 cut the value there)" { check_add legacy $SDA1 block 'KERNEL=="sda1", SYMLINK+="a%qb c"' 'l ab -> sda1; l c -> sda1; b 0600 0:0 sda1'; }
@test "differs from 064 and 100: an unknown \$name is an error naming file:line, the rule is skipped (064 and 100 cut the value there)" {
	check_logged legacy $SDA1 block 'KERNEL=="sda1", SYMLINK+="a c$bogus"' 3 "50-test.rules:1: unknown substitution '\$bogus', skipping the rule" 'b 0600 0:0 sda1'
}
@test "output that names itself ends after three rounds (064 looped for ever)" { check_add legacy $SDA1 block 'KERNEL=="sda1", PROGRAM=="/bin/echo -n %%c", NAME="loop-%c"' 'b 0600 0:0 loop-%c'; }
@test "064: RESULT written before PROGRAM sees that PROGRAM's output" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", PROGRAM=="/bin/echo x"
KERNEL=="ttyS0", RESULT=="one", PROGRAM=="/bin/echo one", NAME="a"' 'c 0600 0:0 a'; }
@test "050: RESULT written before PROGRAM sees that PROGRAM's output" { check_add legacy $TTYS tty 'KERNEL="ttyS0", RESULT="one", PROGRAM="/bin/echo one", NAME="a"' 'c 0600 0:0 a'; }
fail_second() { printf '#!/bin/sh\necho second\nexit 1\n' > "$T/fail2"; chmod +x "$T/fail2"; }
@test "064: a PROGRAM that fails leaves %c as the last one that worked" {
	fail_second
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", PROGRAM==\"/bin/echo first\"
KERNEL==\"ttyS0\", PROGRAM==\"$T/fail2\", NAME=\"x\"
KERNEL==\"ttyS0\", PROGRAM!=\"$T/fail2\", SYMLINK+=\"l-%c\"
KERNEL==\"ttyS0\", NAME=\"n-%c\"" 'l l-first -> n-first; c 0600 0:0 n-first'
}
@test "050: a PROGRAM that fails leaves what it printed in %c" {
	fail_second
	check_add legacy $TTYS tty "KERNEL=\"ttyS0\", PROGRAM=\"/bin/echo first\", SYMLINK=\"a\"
KERNEL=\"ttyS0\", PROGRAM=\"$T/fail2\", NAME=\"x\"
KERNEL=\"ttyS0\", NAME=\"n-%c\"" 'l a -> n-second; c 0600 0:0 n-second'
}
@test "064: ; , ( ) ~ ' and backslash in PROGRAM output become _, RESULT sees that" { check_add legacy $SDA1 block 'KERNEL=="sda1", PROGRAM=="/bin/echo a;b c", RESULT=="a_b c", NAME="%c{2}-%c{1}"' 'b 0600 0:0 c-a_b'; }
@test "064: the same characters of a sysfs value become _" { check_add legacy $SDA1 block 'KERNEL=="sda1", NAME="%s{untrusted_test}"' 'b 0600 0:0 x_y_z__w_v_u_t'; }
@test "064: a sysfs value keeps its inner blank, so SYMLINK gets two links" { check_add legacy $SDA1 block 'KERNEL=="sda1", SYMLINK+="%s{model}"' 'l WD800JD-75MS -> sda1; l WDC -> sda1; b 0600 0:0 sda1'; }

# ---- %s{attr}: the devices it reads ---------------------------------------------
# mouse0's chain: its USB interface (bInterfaceClass 03), the mouse (idProduct
# c016, idVendor 046d), the hub (idProduct 0605)...; sda2's: the partition,
# its disk sda (removable, range), the scsi device (vendor ATA), ..., the pci
# device (vendor 0x8086)
MOUSE=/class/input/mouse0
SDA2=/block/sda/sda2
@test "064: %s{attr} reads the device behind the class device first, whatever level the keys matched" { check_add legacy $MOUSE input 'SYSFS{idProduct}=="0605", NAME="x%s{idProduct}"' 'c 0600 0:0 xc016'; }
@test "064: PROGRAM's %s{attr} too" { check_add legacy $MOUSE input 'SYSFS{idProduct}=="0605", PROGRAM=="/bin/echo %s{idProduct}", NAME="x%c"' 'c 0600 0:0 xc016'; }
@test "064: BUS matched at the pci level, %s{vendor} is still the scsi device's" { check_add legacy $SDA2 block 'BUS=="pci", SYMLINK+="a%s{vendor}a"' 'l aATAa -> sda2; b 0600 0:0 sda2'; }
@test "064: a rule without device keys after one that matched higher up" { check_add legacy $SDA2 block 'BUS=="pci", OWNER="root"
SUBSYSTEM!="printer", SYMLINK+="a%s{vendor}a"' 'l aATAa -> sda2; b 0600 0:0 sda2'; }
@test "064: %s{attr} walks up from the device behind until one has it" { check_add legacy $MOUSE input 'KERNEL=="mouse0", NAME="x%s{idVendor}"' 'c 0600 0:0 x046d'; }
@test "064: a partition's %s{attr} never reads its disk" { check_add legacy $SDA2 block 'KERNEL=="sda2", SYMLINK+="a%s{removable}%s{range}a"' 'l aa -> sda2; b 0600 0:0 sda2'; }
@test "050: %s{attr} reads the device and the one behind it, nothing above" { check_add legacy $MOUSE input 'KERNEL="mouse0", NAME="x%s{idVendor}y%s{bInterfaceClass}"' 'c 0600 0:0 xy03'; }
@test "050: PROGRAM's %s{attr} too" { check_add legacy $MOUSE input 'SYSFS{bInterfaceClass}="03", PROGRAM="/bin/echo %s{idVendor}", NAME="x%c"' 'c 0600 0:0 x'; }
@test "050: a partition's %s{attr} reads its disk's device, not its disk" { check_add legacy $SDA2 block 'KERNEL="sda2", NAME="x%s{removable}y%s{vendor}"' 'b 0600 0:0 xyATA'; }
@test "050: PLACE is text within the last part of a level's path (1.0 in 1-2.3:1.0)" { check_add legacy $MOUSE input 'BUS="usb", PLACE="1.0", NAME="p"' 'c 0600 0:0 p'; }
@test "050: ... or within the part before it (usb in usb1, the hub 1-2's parent)" { check_add legacy $MOUSE input 'PLACE="usb", SYSFS{idProduct}="0605", NAME="p"' 'c 0600 0:0 p'; }
@test "050: PLACE is no pattern" { check_add legacy $MOUSE input 'PLACE="2.*", NAME="p"' 'c 0600 0:0 mouse0'; }

# ---- remove: which rules count (064's udev_rules_get_run) --------------------
# check_remove DEVPATH SUBSYSTEM RULES AFTER_ADD AFTER_REMOVE: the legacy tree's
# device added, then removed, with the same rules
check_remove() {
	check_add legacy "$1" "$2" "$3" "$4" || return 1
	run ev remove "$1" "$2"
	[ "$status" -eq 0 ] || { echo "remove: udev exit $status: $output"; return 1; }
	[ "$(listed)" = "$5" ] || { echo "after remove: $(listing)"; return 1; }
}
@test "064: ignore_device matched at remove leaves the node" { check_remove $MOUSE input 'KERNEL=="mouse0", ACTION=="remove", OPTIONS="ignore_device"' 'c 0600 0:0 mouse0' 'c 0600 0:0 mouse0'; }
@test "064: ignore_remove counts only as the add recorded it" { check_remove $MOUSE input 'KERNEL=="mouse0", ACTION=="remove", OPTIONS="ignore_remove"' 'c 0600 0:0 mouse0' ''; }
@test "064: at remove a rule that names the device is skipped whole, its GOTO too" { check_remove $MOUSE input 'KERNEL=="mouse0", NAME="m", GOTO="end"
KERNEL=="mouse0", OPTIONS="ignore_device"
LABEL="end"' 'c 0600 0:0 m' 'c 0600 0:0 m'; }
@test "064: at remove a rule that sets permissions is skipped whole, its last_rule too" { check_remove $MOUSE input 'KERNEL=="mouse0", MODE="0640", OPTIONS="last_rule"
KERNEL=="mouse0", ACTION=="remove", OPTIONS="ignore_device"' 'c 0640 0:0 mouse0' 'c 0640 0:0 mouse0'; }
@test "064: at remove the RUN of a rule that names the device does not run, a rule of its own does" {
	check_remove $MOUSE input "KERNEL==\"mouse0\", SYMLINK+=\"m\", RUN+=\"/bin/touch $T/named-\$env{ACTION}\"
KERNEL==\"mouse0\", RUN+=\"/bin/touch $T/own-\$env{ACTION}\"" 'l m -> mouse0; c 0600 0:0 mouse0' ''
	[ -e "$T/named-add" ]
	[ -e "$T/own-add" ]
	[ -e "$T/own-remove" ]
	[ ! -e "$T/named-remove" ]
}
@test "064: at remove a GOTO of a rule without naming keys is followed" { check_remove $MOUSE input 'KERNEL=="mouse0", GOTO="end"
KERNEL=="mouse0", ACTION=="remove", OPTIONS="ignore_device"
LABEL="end"' 'c 0600 0:0 mouse0' ''; }

# ---- events of devices without a node: only the rules that name nothing ----
# check_runs LAYOUT ACTION DEVPATH SUBSYSTEM RULES EXPECTED: RULES may use
# RUN+="$T/rec WORD", which records WORD; EXPECTED is the words recorded, in
# order, with spaces between them ("" for none). /dev stays empty.
rec_script() {
	printf '#!/bin/sh\necho "$1" >> "%s/r"\n' "$T" > "$T/rec"
	chmod +x "$T/rec"
	: > "$T/r"
}
check_runs() {
	rec_script
	"$1"
	rules "${5//\$T/$T}"
	run ev "$2" "$3" "$4"
	[ "$status" -eq 0 ] || { echo "udev exit $status: $output"; return 1; }
	local got
	got=$(paste -sd ' ' "$T/r")
	[ "$got" = "$6" ] || { echo "expected: $6"; echo "got:      $got"; echo "$output"; return 1; }
	[ -z "$(listing)" ] || { echo "/dev: $(listing)"; return 1; }
}
HOST=/class/scsi_host/host0
PCI=/devices/pci0000:00/0000:00:1f.1
@test "064: a class device without a node skips a NAME rule whole, its RUN too" { check_runs legacy add $HOST scsi_host 'KERNEL=="host0", NAME="h", RUN+="$T/rec named"
KERNEL=="host0", RUN+="$T/rec own"' 'own'; }
@test "064: a class device without a node skips a MODE rule whole, its last_rule too" { check_runs legacy add $HOST scsi_host 'KERNEL=="host0", MODE="0640", OPTIONS="last_rule"
KERNEL=="host0", RUN+="$T/rec own"' 'own'; }
@test "064: a class device without a node skips a SYMLINK rule whole, its ignore_device too" { check_runs legacy add $HOST scsi_host 'KERNEL=="host0", SYMLINK+="l", OPTIONS="ignore_device"
KERNEL=="host0", RUN+="$T/rec own"' 'own'; }
@test "064: ignore_device at an add without a node: no RUN, no record" {
	check_runs legacy add $HOST scsi_host 'KERNEL=="host0", RUN+="$T/rec own", OPTIONS="ignore_device"' ''
	[ -z "$(ls -A "$T/db")" ]
}
@test "064: a /devices add skips a NAME rule whole, its RUN too" { check_runs legacy add $PCI pci 'KERNEL=="0000:00:1f.1", NAME="p", RUN+="$T/rec named"
KERNEL=="0000:00:1f.1", RUN+="$T/rec own"' 'own'; }
@test "064: a /devices add skips an OWNER rule whole, its GOTO too" { check_runs legacy add $PCI pci 'KERNEL=="0000:00:1f.1", OWNER="daemon", GOTO="end"
KERNEL=="0000:00:1f.1", RUN+="$T/rec own"
LABEL="end"' 'own'; }
@test "064: ignore_device at a /devices add: no RUN" { check_runs legacy add $PCI pci 'KERNEL=="0000:00:1f.1", RUN+="$T/rec own", OPTIONS="ignore_device"' ''; }
@test "064: online and offline of a /devices device skip a rule that names it" {
	check_runs legacy online $PCI pci 'KERNEL=="0000:00:1f.1", MODE="0600", RUN+="$T/rec named-$env{ACTION}"
KERNEL=="0000:00:1f.1", RUN+="$T/rec own-$env{ACTION}"' 'own-online'
	run ev offline $PCI pci
	[ "$status" -eq 0 ]
	[ "$(paste -sd ' ' "$T/r")" = "own-online own-offline" ]
}
@test "064: the driver's rules still run when a local naming rule matches the interface too" {
	# a local rule naming a USB device by its vendor, with last_rule; the
	# interface (no node) carries the same attributes through its parent
	check_runs legacy add /devices/pci0000:00/0000:00:1d.0/usb1/1-2/1-2.3/1-2.3:1.0 usb 'BUS=="usb", SYSFS{idVendor}=="046d", NAME="logi", OPTIONS="last_rule"
ACTION=="add", RUN+="$T/rec driver"' 'driver'
}
@test "064: a SCSI host's device is the one its device link names, without a bus: ID, %b" { check_runs legacy add $HOST scsi_host 'ID=="host0", RUN+="$T/rec id-%b"
BUS=="pci", ID=="0000:00:1f.2", RUN+="$T/rec pci-%b"' 'id-host0 pci-host0'; }
@test "064: a /devices device without a bus is its own first level: %b, ID" { check_runs legacy add /devices/pci0000:00/0000:00:1f.2/host0 scsi_host 'RUN+="$T/rec b-%b"
BUS=="pci", RUN+="$T/rec pci"
ID=="host0", RUN+="$T/rec id"' 'b-host0 pci id'; }
@test "064: at remove no sysfs is read: BUS, ID, DRIVER, SYSFS never match, %b %s{} %P are empty" {
	# the legacy tree still has ttyS0 at its remove, as a parent may still
	# be there at a real one
	check_runs legacy remove $TTYS tty 'BUS=="?*", RUN+="$T/rec bus"
DRIVER!="x", RUN+="$T/rec drv"
SYSFS{dev}=="?*", RUN+="$T/rec sysfs"
ID!="x", RUN+="$T/rec id"
RUN+="$T/rec b-%b-%s{dev}-%P"' 'b---'
}
@test "064: online of a /devices device reads no sysfs either" { check_runs legacy online $PCI pci 'SYSFS{vendor}=="?*", RUN+="$T/rec v"
BUS=="pci", RUN+="$T/rec bus"
RUN+="$T/rec b-%b-%s{vendor}"' 'b--'; }
# ---- several events sharing one root: the records they leave ----------------
@test "064: IMPORT{parent} of a class device reads its parent class device only, never the device behind" {
	legacy
	rec_script
	rules "KERNEL==\"1-2.3:1.0|sda\", IMPORT{program}=\"/bin/echo ID_X=par\"
KERNEL==\"mouse0|sda1\", IMPORT{parent}==\"ID_*\", RUN+=\"$T/rec %k-\$env{ID_X}\""
	ev add /devices/pci0000:00/0000:00:1d.0/usb1/1-2/1-2.3/1-2.3:1.0 usb
	ev add $MOUSE input
	ev add /block/sda block
	ev add $SDA1 block
	[ "$(paste -sd ' ' "$T/r")" = "sda1-par" ]
}
@test "differs from 064: %e counts the whole name, text after it too (064: the text before it, so every device got the same name)" {
	legacy
	rules 'KERNEL=="sda|hda", NAME="d%e-x"'
	ev add /block/sda block
	ev add /block/hda block
	[ "$(listed)" = 'b 0600 0:0 d-x; b 0600 0:0 d1-x' ]
}
@test "differs from 064: a second add of a device keeps its %e name (064: the next number, the first node left behind)" {
	legacy
	rules 'KERNEL=="sda", NAME="d%e"'
	ev add /block/sda block
	ev add /block/sda block
	[ "$(listed)" = 'b 0600 0:0 d' ]
}
@test "differs from 064: a node already there is made again with the rules' owner (064 kept it, and a user's owner with rules giving root)" {
	legacy
	# (what no rule gives stays as the node has it: udev-devtmpfs.bats)
	rules 'KERNEL=="ttyS0", MODE="0640", OWNER="root", GROUP="root"'
	mknod "$T/dev/ttyS0" c 4 64
	chown 1000:1000 "$T/dev/ttyS0"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = 'c 0640 0:0 ttyS0' ]
}
@test "differs from 064: a link two devices claim goes to the other one when its device is removed (064 removed it)" {
	legacy
	rules 'KERNEL=="controlC0|null", SYMLINK+="x"'
	ev add /class/sound/controlC0 sound
	ev add /class/mem/null mem
	[ "$(readlink "$T/dev/x")" = null ]
	ev remove /class/mem/null mem
	[ "$(readlink "$T/dev/x")" = controlC0 ]
}
@test "ignore_device at a change: no links changed, no RUN" {
	check_add legacy $SDA block "KERNEL==\"sda\", SYMLINK+=\"l-\$env{ACTION}\"
KERNEL==\"sda\", RUN+=\"/bin/touch $T/ran-\$env{ACTION}\"
KERNEL==\"sda\", ACTION==\"change\", OPTIONS=\"ignore_device\"" 'l l-add -> sda; b 0600 0:0 sda'
	run ev change $SDA block
	[ "$status" -eq 0 ]
	[ -e "$T/ran-add" ]
	[ ! -e "$T/ran-change" ]
	[ "$(listed)" = 'l l-add -> sda; b 0600 0:0 sda' ]
}

# ---- DRIVER on a 2.6.1x tree: no driver link, /bus/ide/drivers/ide-disk/0.0 ----
HDA=/block/hda
@test "064: all_partitions makes as many nodes as the disk's minor range less one" {
	check_add legacy $HDA block 'KERNEL=="hda", OPTIONS+="all_partitions"' "$(
		echo -n 'b 0600 0:0 hda'; for i in $(seq 1 63 | LC_ALL=C sort); do echo -n "; b 0600 0:0 hda$i"; done)"
	[ "$(stat -c %t:%T "$T/dev/hda63")" = "3:3f" ]
	db_text "$T/db/block@hda" | grep -q '^A:63$'
	ev remove $HDA block
	[ -z "$(ls -A "$T/dev")" ]
}
@test "050: NAME{all_partitions} makes 15 nodes whatever the range" {
	check_add legacy $HDA block 'KERNEL="hda", NAME{all_partitions}="hd"' "$(
		echo -n 'b 0600 0:0 hd'; for i in 1 10 11 12 13 14 15 2 3 4 5 6 7 8 9; do echo -n "; b 0600 0:0 hd$i"; done)"
}
@test "064: all_partitions only on a disk whose name ends in no number" { check_add legacy $SDA1 block 'KERNEL=="sda1", OPTIONS+="all_partitions"' 'b 0600 0:0 sda1'; }
@test "050: NAME{all_partitions} on a disk whose name ends in a number names nothing" { check_add legacy /block/dm-0 block 'KERNEL="dm-0", NAME{all_partitions}="dm"' 'b 0600 0:0 dm-0'; }
@test "064: DRIVER found through /bus/BUS/drivers/*/ID" { check_add legacy $HDA block 'KERNEL=="hda", DRIVER=="ide-disk", NAME="d-%k"' 'b 0600 0:0 d-hda'; }
@test "064: DRIVER of another driver of the bus does not match" { check_add legacy $HDA block 'DRIVER=="ide-cdrom", NAME="cd"' 'b 0600 0:0 hda'; }
@test "064: BUS and DRIVER at the same level" { check_add legacy $HDA block 'KERNEL=="hda", BUS=="ide", DRIVER=="ide-*", NAME="b"' 'b 0600 0:0 b'; }
@test "050: DRIVER found through /bus/BUS/drivers/*/ID" { check_add legacy $HDA block 'KERNEL="hda", DRIVER="ide-disk", NAME="d50"' 'b 0600 0:0 d50'; }

# ---- MODALIAS, %A, $modalias, WAIT_FOR_SYSFS (064 keys) ---------------------------
@test "064: MODALIAS matches the modalias of the device behind the class device" { check_add legacy $HDA block 'MODALIAS=="ide:m-disk", NAME="m-%k"' 'b 0600 0:0 m-hda'; }
@test "064: MODALIAS does not look further up than that device" { check_add legacy $HDA block 'MODALIAS=="pci:*", NAME="pci"' 'b 0600 0:0 hda'; }
@test "064: MODALIAS on a device without one never matches, not even with !=" { check_add legacy $TTYS tty 'MODALIAS!="x", NAME="y"' 'c 0600 0:0 ttyS0'; }
@test "064: %b is the bus id of the device behind the class device, whatever level matched" { check_add legacy /class/input/event0 input 'BUS=="usb", SYSFS{serial}=="?*", NAME="usb-%b"' 'c 0600 0:0 usb-1-2.3:1.0'; }
@test "064: %b of a partition is its disk's device's bus id" { check_add legacy $SDA1 block 'KERNEL=="sda1", NAME="n-%b"' 'b 0600 0:0 n-0:0:0:0'; }
@test "050: %b of a partition is its disk's device's bus id" { check_add legacy $SDA1 block 'KERNEL="sda1", NAME="n-%b"' 'b 0600 0:0 n-0:0:0:0'; }
@test "064: %b of a class device without a device is empty" { check_add legacy /class/mem/null mem 'KERNEL=="null", NAME="n-%b"' 'c 0600 0:0 n-'; }
@test "064: ID does not match the class device or a partition's disk" { check_add legacy $SDA1 block 'ID=="sda1", NAME="a"
ID=="sda", NAME="b"' 'b 0600 0:0 sda1'; }
@test "064: SYSFS of a partition reads it and the disk's device, not the disk" { check_add legacy $SDA1 block 'SYSFS{removable}=="*", NAME="a"' 'b 0600 0:0 sda1'; }
@test "064: BUS on a class device without a device never matches, not even with !=" { check_add legacy /class/mem/null mem 'BUS!="usb", NAME="a"' 'c 0600 0:0 null'; }
@test "064: %A and \$modalias" { check_add legacy $HDA block 'KERNEL=="hda", NAME="%A", SYMLINK+="a-$modalias"' 'l a-ide:m-disk -> ide:m-disk; b 0600 0:0 ide:m-disk'; }
@test "064: WAIT_FOR_SYSFS on a file that is there" { check_add legacy $HDA block 'KERNEL=="hda", WAIT_FOR_SYSFS="range", NAME="w"' 'b 0600 0:0 w'; }
@test "064: WAIT_FOR_SYSFS != on a file that is there" { check_add legacy $HDA block 'KERNEL=="hda", WAIT_FOR_SYSFS!="dev", NAME="w"' 'b 0600 0:0 hda'; }
@test "064: WAIT_FOR_SYSFS waits for a file the kernel writes late" {
	cp -a "$TOP/test/sysfs-legacy" "$T/sys"
	export SYSFS_PATH="$T/sys"
	rules 'KERNEL=="hda", WAIT_FOR_SYSFS=="late_attr", NAME="late"'
	(sleep 0.5; : > "$T/sys/block/hda/late_attr") &
	writer=$!
	run ev add $HDA block
	wait "$writer"
	[ "$status" -eq 0 ]
	[ "$(listing)" = "b 0600 0:0 late" ]
}
@test "064: WAIT_FOR_SYSFS gives up after 3 s and the rule does not match" {
	rules 'KERNEL=="hda", WAIT_FOR_SYSFS=="never_there", NAME="w"'
	start=$(date +%s)
	run ev add $HDA block
	[ "$status" -eq 0 ]
	[ "$(listing)" = "b 0600 0:0 hda" ]
	[ $(( $(date +%s) - start )) -lt 6 ]
}

# ---- IMPORT ----------------------------------------------------------------------
imports() {
	printf '#!/bin/sh\nprintf "  \\n  ID_A=one  \\n\\tID_B = two\\nID_C=\\"three four\\"  \\nID_D=five six\\n# ID_E=no\\nID_F=\\047q w\\047\\nID_G=a\\\\\\\\b\\n"\n' > "$T/imp"
	chmod +x "$T/imp"
	printf 'ID_X=filed\n ID_Y="y y" \n' > "$T/imp.env"
}
@test "064: IMPORT output with blanks and several lines is read per line, keys trimmed" {
	imports
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT{program}=\"$T/imp\", NAME=\"n-\$env{ID_A}-\$env{ID_B}-\$env{ID_C}-\$env{ID_D}-\$env{ID_E}-\$env{ID_F}-\$env{ID_G}\"" "c 0600 0:0 n-one-two-three four-five--q w-"
}
@test "differs from 064: an IMPORT line whose only backslashes are \\xHH escapes is kept (vol_id's _ENC keys)" {
	printf '%s\n' 'ID_E=a\x2fb\x20c' 'ID_F=a\nb' > "$T/imp.out"
	printf '#!/bin/sh\ncat "%s"\n' "$T/imp.out" > "$T/imp"
	chmod +x "$T/imp"
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT{program}=\"$T/imp\", SYMLINK=\"e-\$env{ID_E}-\$env{ID_F}\"" 'l e-a\x2fb\x20c- -> ttyS0; c 0600 0:0 ttyS0'
}
@test "064: IMPORT without a type runs an executable" {
	imports
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT=\"$T/imp\"
KERNEL==\"ttyS0\", ENV{ID_A}==\"one\", NAME=\"prog\"" 'c 0600 0:0 prog'
}
@test "064: an ENV match is compared before the same rule's IMPORT runs" {
	imports
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT=\"$T/imp\", ENV{ID_A}==\"one\", NAME=\"prog\"" 'c 0600 0:0 ttyS0'
}
@test "064: IMPORT runs before the rule's PROGRAM, whatever the order written" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", PROGRAM=="/bin/echo first", IMPORT{program}="/bin/echo X=%c", NAME="n$env{X}"' 'c 0600 0:0 n'; }
@test "064: a failing IMPORT leaves the rule's PROGRAM unrun" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", PROGRAM=="/bin/echo first", IMPORT{program}="/bin/false", NAME="a"
KERNEL=="ttyS0", NAME="b%c"' 'c 0600 0:0 b'; }
@test "064: a failing ENV match leaves the rule's PROGRAM unrun, wherever it is written" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", PROGRAM=="/bin/echo x", ENV{ACTION}=="remove", NAME="a"
KERNEL=="ttyS0", NAME="b%c"' 'c 0600 0:0 b'; }
@test "064: IMPORT without a type reads a file that is not executable" {
	imports
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT=\"$T/imp.env\", NAME=\"f-\$env{ID_X}-\$env{ID_Y}\"" 'c 0600 0:0 f-filed-y y'
}
@test "064: IMPORT{file} reads KEY=value lines" {
	imports
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT{file}=\"$T/imp.env\", NAME=\"g-\$env{ID_X}\"" 'c 0600 0:0 g-filed'
}
@test "064: IMPORT{file} of a missing file does not match" { check_add legacy $TTYS tty "KERNEL==\"ttyS0\", IMPORT{file}=\"$T/none.env\", NAME=\"h\"" 'c 0600 0:0 ttyS0'; }
@test "064: ENV{key} of an unset key compares as empty" { check_add legacy $TTYS tty 'ENV{NOPE}=="", NAME="empty"' 'c 0600 0:0 empty'; }

# ---- udevinfo exit codes (050) ------------------------------------------------------
@test "050: udevinfo exit codes" {
	mkdir -p "$T/db"
	printf 'P:/class/tty/ttyS0\nN:modem\nS:l1 l2\n' > "$T/db/class@tty@ttyS0"
	local row args code
	for row in "0|-q name -p /class/tty/ttyS0" "0|-q symlink -n modem" "0|-h" "0|-V" "0|-r" \
		   "1|" "1|-x" "1|-q bogus -n modem" "1|-q name" "1|-q name -n modem extra" \
		   "255|-q name -p /class/tty/ttyS9" "255|-q path -n nothere" "234|-a"; do
		code=${row%%|*} args=${row#*|}
		# shellcheck disable=SC2086
		run "$BIN/udevinfo" $args
		[ "$status" -eq "$code" ] || { echo "udevinfo $args: $status, expected $code"; return 1; }
	done
}

# ---- udev.permissions and rules ----------------------------------------------------
@test "050: first matching permissions line wins; its empty fields and mode 0 take the defaults" {
	printf '%s\n' 'ttyS*:daemon::0' 'ttyS0:root:tty:0666' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="%k"' 'c 0600 1:0 ttyS0'
}
@test "050: a '|' in a permissions line's name is a plain character" {
	printf '%s\n' 'd|x:daemon::0666' 'd:::0640' 'd|*:daemon::0644' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="d"' 'c 0640 0:0 d'
}
@test "050: an OWNER or GROUP that comes out empty is not given: the permissions line fills it" {
	printf '%s\n' 'tty*:daemon:tty:0640' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="%k", OWNER="%c", GROUP="%s{nonexist}"' 'c 0640 1:5 ttyS0'
}
@test "064: an OWNER or GROUP that comes out empty is root" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="daemon", GROUP="tty"
KERNEL=="ttyS0", OWNER="%c", GROUP="%s{nonexist}"' 'c 0600 0:0 ttyS0'; }
@test "064 syntax with udev.permissions: rule values win field by field, the line fills the rest" {
	printf '%s\n' 'ttyS*:daemon:tty:0640' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL=="ttyS*", GROUP="dialout"
KERNEL=="ttyS0", GROUP="users"' 'c 0640 1:100 ttyS0'
}

# ---- patterns: each form the rules' compiled patterns take (glob.h) ---------------
@test "064: an exact value matches only itself" { check_add legacy $TTYS tty 'KERNEL=="ttyS", NAME="a"
KERNEL=="ttyS0", SYMLINK+="b"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: a literal start and only stars after it" { check_add legacy $TTYS tty 'KERNEL=="ttyS0**", NAME="hit"' 'c 0600 0:0 hit'; }
@test "064: ?* after the whole name needs one more character" { check_add legacy $TTYS tty 'KERNEL=="ttyS0?*", NAME="hit"' 'c 0600 0:0 ttyS0'; }
@test "064: * matches an unset ENV key, ?* does not" { check_add legacy $TTYS tty 'ENV{NOPE}=="?*", NAME="a"
ENV{NOPE}=="*", SYMLINK+="b"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: an empty alternative matches the empty value" { check_add legacy $TTYS tty 'ENV{NOPE}=="x|", NAME="hit"' 'c 0600 0:0 hit'; }
@test "064: an alternative that is not the first, with * and a class" { check_add legacy $TTYS tty 'KERNEL=="x|t*S[0-9]", NAME="hit"' 'c 0600 0:0 hit'; }
@test "064: a '|' inside [...] ends the alternative: ttyS[0|1] is 'ttyS[0' or '1]'" { check_add legacy $TTYS tty 'KERNEL=="ttyS[0|1]", NAME="a"
KERNEL=="[s|t]tyS0", NAME="b"' 'c 0600 0:0 ttyS0'; }
@test "050: a '|' in a 2004 rule is a plain character, also inside [...]" { check_add legacy $TTYS tty 'KERNEL="ttyS0|ttyS1", NAME="a"
KERNEL="ttyS[|0]", SYMLINK="l"' 'l l -> ttyS0; c 0600 0:0 ttyS0'; }
@test "050: a '|' in a SYSFS value of a 2004 rule is a plain character" { check_add legacy $TTYS tty 'KERNEL="ttyS0", SYSFS{dev}="4:64|4:65", NAME="b"
KERNEL="ttyS0", NAME="c"' 'c 0600 0:0 c'; }
@test "064: a class without its ']' matches nothing" { check_add legacy $TTYS tty 'KERNEL=="ttyS[0", NAME="a"
KERNEL=="tty[S", NAME="b"' 'c 0600 0:0 ttyS0'; }
@test "064: only '!' negates a class: [^1] is '^' or '1', [^0] matches ttyS0" { check_add legacy $TTYS tty 'KERNEL=="ttyS[^1]", NAME="a"
KERNEL=="ttyS[^0]", NAME="b"' 'c 0600 0:0 b'; }
@test "064: a negated class matches at the first member the character is not in: [!01] matches ttyS0" { check_add legacy $TTYS tty 'KERNEL=="ttyS[!0-3]", NAME="a"
KERNEL=="ttyS[!01]", NAME="b"' 'c 0600 0:0 b'; }
@test "064: [!0-9a-z] matches a digit: it is not a letter" { check_add legacy $TTYS tty 'KERNEL=="ttyS[!0-9a-z]", NAME="hit"' 'c 0600 0:0 hit'; }
@test "064: a ']' where a member starts closes the class: [] and []0] match nothing" { check_add legacy $TTYS tty 'KERNEL=="ttyS[]0]", NAME="a"
KERNEL=="ttyS0[]", NAME="b"
KERNEL=="ttyS[!]0", NAME="c"' 'c 0600 0:0 ttyS0'; }
@test "064: a range may end in ']': [0-]x] is '0' to ']' or 'x', [0-] has no ']'" { check_add legacy $TTYS tty 'KERNEL=="ttyS[0-]", NAME="a"
KERNEL=="tty[R-]0", NAME="b"
KERNEL=="tty[0-]x]0", NAME="c"' 'c 0600 0:0 c'; }
@test "050: a negated class matches at the first member the character is not in" { check_add legacy $TTYS tty 'KERNEL="ttyS[!10]", NAME="hit"' 'c 0600 0:0 hit'; }
@test "064: a backslash is a plain character, not an escape" { check_add legacy $TTYS tty 'KERNEL=="ttyS\0", NAME="a"
KERNEL=="ttyS\0|ttyS0", SYMLINK+="b"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: values match case-sensitively, keys do not" { check_add legacy $TTYS tty 'KERNEL=="TTYS0", NAME="a"
kernel=="ttyS0", SYMLINK+="b"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }

# ---- deliberate differences ------------------------------------------------------------
@test "differs from 064: an unknown match key skips the rule, naming key, file and line" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS*", GROUP="tty"
KERNEL=="ttyS0", FOO=="bar", NAME="x"' 3 "50-test.rules:2: unknown key 'FOO', skipping the rule" 'c 0600 0:5 ttyS0'
}
# ---- how PROGRAM and RUN values are split into arguments ------------------------
# args_script: $T/args prints its arguments as "nCOUNT.[ARG]..." (tabs as T,
# spaces as _) on stdout and appends the same line to $T/run.out
args_script() {
	printf '#!/bin/sh\no="n$#"\nfor a; do o="$o.[$a]"; done\nprintf "%%s" "$o" | tr "\\t " T_ | tee -a "%s/run.out"\n' "$T" >"$T/args"
	chmod +x "$T/args"
}
@test "064: every space ends a PROGRAM word: two spaces, a leading and a trailing one give empty arguments" {
	args_script
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", PROGRAM==\"$T/args  a  b \", NAME=\"%c\"" 'c 0600 0:0 n5.[].[a].[].[b].[]'
}
@test "064: a '...' word keeps its spaces and the spaces after it are skipped; a quote inside a word is a character" {
	args_script
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", PROGRAM==\"$T/args x'a b' 'c d'  e\", NAME=\"%c\"" 'c 0600 0:0 n4.[x_a].[b_].[c_d].[e]'
}
@test "064: a bare PROGRAM or RUN program gets the subsystem; one with a trailing space gets an empty argument" {
	args_script
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", PROGRAM==\"$T/args\", NAME=\"%c\", RUN+=\"$T/args\", RUN+=\"$T/args \"" 'c 0600 0:0 n1.[tty]'
	[ "$(cat "$T/run.out")" = "n1.[tty]n1.[tty]n1.[]" ]
}
@test "064: %c{0}, %c{x} and a negative part are the whole result; a part ends at its first space only" {
	printf '#!/bin/sh\nprintf "a b\\tc  d"\n' >"$T/out"
	chmod +x "$T/out"
	local f want
	# the tab is the only control character: it becomes _ in a name (hardening)
	while IFS='|' read -r f want; do
		rm -rf "$T/dev" && mkdir "$T/dev"
		check_add legacy $TTYS tty "KERNEL==\"ttyS0\", PROGRAM==\"$T/out\", NAME=\"x%c{$f}x\"" "c 0600 0:0 x${want}x"
	done <<-'EOF'
	0|a b_c  d
	x|a b_c  d
	-1|a b_c  d
	1|a
	2|b_c
	3|c
	3+|c  d
	1x+|a
	5|
	EOF
}
@test "differs from 064: ENV{KEY}=\"value\" sets the key (064 compared it)" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", ENV{FOO}="x"
ENV{FOO}=="x", NAME="a"' 'c 0600 0:0 a'; }
@test "differs from 064: a rule of only NAME applies (064 skipped it as invalid)" { check_add legacy $TTYS tty 'NAME="a"' 'c 0600 0:0 a'; }
@test "differs from 064: a NAME or SYMLINK ending in '/' loses the '/' (064 made none)" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="dev/%c{2}", SYMLINK+="l/"' 'c 0600 0:0 dev; l l -> dev'; }
@test "differs from 064: a SYMLINK equal to the NAME does not replace the node" {
	rules 'KERNEL=="ttyS0", NAME="modem", SYMLINK+="modem other"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[[ "$output" == *"symlink modem is the node's own name, ignoring"* ]]
	[ "$(listing | paste -sd ";")" = "c 0600 0:0 modem;l other -> modem" ]
}
@test "differs from 064: != with alternatives holds when none of them matches (064: when any one does not)" {
	check_add legacy $TTYS tty 'KERNEL!="ttyS0|ttyS1", NAME="a"
KERNEL!="sda|sdb", SYMLINK+="b"' 'l b -> ttyS0; c 0600 0:0 ttyS0'
}
@test "differs from 064: no empty argument after a '...' word that ends the value (064 passed one)" {
	args_script
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", PROGRAM==\"$T/args -b 'a b'\", NAME=\"%c\", RUN+=\"$T/args ''\"" 'c 0600 0:0 n2.[-b].[a_b]'
	[ "$(cat "$T/run.out")" = "n2.[-b].[a_b]n1.[]" ]
}
@test "differs from 064: a SYMLINK whose name is a node or file is not made, exit 6 (064 replaced it)" {
	mknod "$T/dev/null" c 1 3
	echo keep > "$T/dev/file"
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="null file l"' 6 \
		"$T/dev/null exists and is no symlink, not replacing it" \
		'regular 0000 644 file; l l -> ttyS0; c 0644 0:0 null; c 0600 0:0 ttyS0'
}
@test "differs from 064: %e and %N in PROGRAM output stay as written (no database scan, no node)" {
	check_add legacy $SDA1 block 'KERNEL=="sda1", PROGRAM=="/bin/echo -n a%%e-%%N-%%n", NAME="%c"' 'b 0600 0:0 a%e-%N-1'
	[ -z "$(find "$T/dev" -name '.tmp-*')" ]
}

# ---- udev.conf lines as 064 reads them ---------------------------------------
# check_conf LINE ROOT [ERROR]: a udev.conf of LINE alone gives `udevinfo -r`
# ROOT, and logs ERROR when it is given, nothing otherwise.
check_conf() {
	local got
	printf '%s\n' "$1" > "$T/c.conf"
	got=$(UDEV_CONFIG_FILE="$T/c.conf" "$BIN/udevinfo" -r 2>"$T/err")
	[ "$got" = "$2" ] || { echo "line [$1]: root '$got', expected '$2'"; cat "$T/err"; return 1; }
	if [ -n "${3:-}" ]; then
		grep -qF "$3" "$T/err" || { echo "no '$3' in:"; cat "$T/err"; return 1; }
	else
		[ ! -s "$T/err" ] || { echo "unexpected:"; cat "$T/err"; return 1; }
	fi
}
@test "064 udev.conf: what follows the closing quote is ignored (a comment)" { check_conf 'udev_root="/x/y/" # moved' /x/y; }
@test "064 udev.conf: the value ends at its closing quote" { check_conf 'udev_root="/x/y"z"' /x/y; }
@test "064 udev.conf: blanks before the key and after '=' are allowed" { check_conf '  udev_root=	 "/x/y"' /x/y; }
@test "064 udev.conf: keys are case-insensitive, trailing slashes dropped" { check_conf 'UDEV_Root="/x/y//"' /x/y; }
@test "064 udev.conf: a blank before '=' refuses the line" { check_conf 'udev_root = "/x/y"' /dev "c.conf:1: expected key=\"value\", no blank before '='"; }
@test "064 udev.conf: a tab before '=' refuses the line" { check_conf 'udev_root	="/x/y"' /dev "c.conf:1: expected key="; }
@test "064 udev.conf: a value without double quotes refuses the line" { check_conf 'udev_root=/x/y' /dev "c.conf:1: the value of udev_root is not in double quotes"; }
@test "064 udev.conf: single quotes refuse the line" { check_conf "udev_root='/x/y'" /dev "not in double quotes"; }
@test "064 udev.conf: a value without its closing quote refuses the line" { check_conf 'udev_root="/x/y' /dev "not in double quotes"; }
@test "064 udev.conf: a line without a key is refused" { check_conf '="/x/y"' /dev "expected key="; }
@test "differs from 064: an empty value is refused, the default stays (064: root \"\")" { check_conf 'udev_root=""' /dev "bad value '' for udev_root"; }
@test "064 udev.conf: a line too long is skipped whole, the next line is read" {
	{ printf 'udev_root="/x/%s"\n' "$(head -c 1100 /dev/zero | tr '\0' a)"; echo 'udev_db="/x/db"'; echo 'udev_root="/x/y"'; } > "$T/c.conf"
	run env UDEV_CONFIG_FILE="$T/c.conf" "$BIN/udevinfo" -r
	[ "$status" -eq 0 ]
	[[ "$output" == *"c.conf:1: line longer than 1022 bytes"* ]]
	[ "${lines[-1]}" = /x/y ]
	[ "$(grep -c 'c.conf:' <<<"$output")" = 1 ]
}
@test "064 udev.conf: a bad line costs an event nothing but exit 2" {
	echo 'default_mode = "0666"' >> "$T/udev.conf"
	echo 'udev_log="err" # quiet' >> "$T/udev.conf"
	run ev add $TTYS tty
	[ "$status" -eq 2 ]
	[[ "$output" == *"udev.conf:9: expected key=\"value\""* ]]
	[ "$(grep -c 'udev.conf:' <<<"$output")" = 1 ]
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
}

# ---- UDEV_LOG for the programs udev runs (064: the level as a number) ------
# check_log_env UDEV_LOG_LINE ENV EXPECTED [RULE]: with udev.conf's udev_log=LINE
# ("-": no such line) and the event's UDEV_LOG=ENV ("": none), the PROGRAM of
# RULE (default: an operator-syntax one) sees UDEV_LOG=EXPECTED ("unset": not set).
check_log_env() {
	printf '#!/bin/sh\necho "x${UDEV_LOG-unset}"\n' > "$T/showlog"
	chmod +x "$T/showlog"
	[ "$1" = - ] || echo "udev_log=\"$1\"" >> "$T/udev.conf"
	legacy
	rules "${4:-KERNEL==\"ttyS0\", PROGRAM==\"$T/showlog\", NAME=\"%c\"}"
	run ev add $TTYS tty ${2:+UDEV_LOG=$2}
	[ "$status" -eq 0 ] || { echo "udev exit $status: $output"; return 1; }
	[ "$(listed)" = "c 0600 0:0 x$3" ] || { echo "expected x$3, got: $(listed)"; return 1; }
}
@test "064: udev.conf without udev_log: programs get UDEV_LOG=3" { check_log_env - "" 3; }
@test "064: udev_log=\"err\", \"info\", \"debug\", \"7\" give 3, 6, 7, 7" {
	check_log_env err "" 3
	rm -rf "$T/dev/"* "$T/db"; sed -i '/^udev_log=/d' "$T/udev.conf"
	check_log_env info "" 6
	rm -rf "$T/dev/"* "$T/db"; sed -i '/^udev_log=/d' "$T/udev.conf"
	check_log_env debug "" 7
	rm -rf "$T/dev/"* "$T/db"; sed -i '/^udev_log=/d' "$T/udev.conf"
	check_log_env 7 "" 7
}
@test "050/064: udev_log=\"no\" exports no UDEV_LOG" { check_log_env no "" unset; }
@test "064: udev_log=\"0\" exports no UDEV_LOG" { check_log_env 0 "" unset; }
@test "064: the event's UDEV_LOG wins over udev.conf, as a number" { check_log_env no debug 7; }
@test "064: the event's UDEV_LOG=2 stays 2" { check_log_env info 2 2; }
@test "064: an event's UDEV_LOG that names no level is passed on as it is" { check_log_env err no no; }
@test "064: an event's UDEV_LOG=0 is passed on as it is" { check_log_env - 0 0; }
@test "differs from 064 and 050: udev_log=\"yes\" gives 6, info (064: 3; 050: 1)" { check_log_env yes "" 6; }
@test "differs from 050: udev.conf without udev_log gives 3 (050: 1, its default was \"yes\")" {
	check_log_env - "" 3 "KERNEL=\"ttyS0\", PROGRAM=\"$T/showlog\", NAME=\"%c\""
}
@test "064: RUN and the dev.d scripts get UDEV_LOG too; the record does not keep it" {
	echo 'udev_log="info"' >> "$T/udev.conf"
	mkdir -p "$T/dev.d/default"
	printf '#!/bin/sh\necho "devd $UDEV_LOG" >> %s/got\n' "$T" > "$T/dev.d/default/log.dev"
	chmod +x "$T/dev.d/default/log.dev"
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo run \$\$UDEV_LOG >> $T/got'\"" 'c 0600 0:0 ttyS0'
	[ "$(sort "$T/got" | paste -sd,)" = "devd 6,run 6" ]
	! grep -q UDEV_LOG "$T/db"/* || { cat "$T/db"/*; return 1; }
}

@test "050: udevstart's programs get its environment, with UDEV_START=1 (064 cleared it)" {
	legacy
	rules "KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo \$\$UDEV_START \$\$ACTION \$\$FROM_CALLER \$\$PATH > $T/got'\""
	run env FROM_CALLER=kept PATH=/usr/bin:/bin "$BIN/udevstart"
	[ "$status" -eq 0 ]
	[ "$(cat "$T/got")" = "1 add kept /usr/bin:/bin" ]
}

# ---- UDEV_RUN (064): anything but 1, yes or true runs no RUN program ------
# check_udev_run VALUE EXPECTED: the event with UDEV_RUN=VALUE ("-": unset)
# runs the RUN program (EXPECTED "ran") or not ("none"); PROGRAM runs anyway.
check_udev_run() {
	legacy
	rm -f "$T/ran" "$T/prog"
	rules "KERNEL==\"ttyS0\", PROGRAM==\"/bin/touch $T/prog\", RUN+=\"/bin/touch $T/ran\""
	if [ "$1" = - ]; then run ev add $TTYS tty; else run ev add $TTYS tty UDEV_RUN="$1"; fi
	[ "$status" -eq 0 ] || { echo "UDEV_RUN=$1: exit $status: $output"; return 1; }
	[ -e "$T/prog" ] || { echo "UDEV_RUN=$1: PROGRAM did not run"; return 1; }
	if [ "$2" = ran ]; then [ -e "$T/ran" ]; else [ ! -e "$T/ran" ]; fi ||
		{ echo "UDEV_RUN=$1: expected $2"; return 1; }
}
@test "064: UDEV_RUN unset, 1, yes, TRUE: RUN programs run" {
	for v in - 1 yes TRUE; do check_udev_run "$v" ran; done
}
@test "064: UDEV_RUN=0, no, false, empty, 2: no RUN program runs, PROGRAM still does" {
	for v in 0 no false "" 2; do check_udev_run "$v" none; done
}

# ---- udev 064's dev.d runner in its default rules: RUN="/sbin/udev_run_devd" --
# devd_log: a dev.d script for every device that logs "devd", and RUN
# programs that log their word, all into $T/log
devd_log() {
	mkdir -p "$T/dev.d/default"
	printf '#!/bin/sh\necho devd >> %s/log\n' "$T" > "$T/dev.d/default/log.dev"
	chmod +x "$T/dev.d/default/log.dev"
}
@test "064: RUN of udev_run_devd runs the dev.d scripts once, where it stands among the RUN programs" {
	devd_log
	# no such program here: udev runs the scripts itself, in its place
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo run1 >> $T/log'\"
RUN+=\"/sbin/udev_run_devd\"
KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo run2 >> $T/log'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/log")" = "run1,devd,run2" ]
	rm "$T/log"
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(paste -sd, "$T/log")" = "run1,devd,run2" ]
}
@test "064: with udev_run_devd in the rules, an event whose RUN list lost it (RUN=) runs no dev.d script" {
	devd_log
	check_add legacy $TTYS tty "RUN+=\"/sbin/udev_run_devd\"
KERNEL==\"ttyS0\", RUN=\"/bin/sh -c 'echo only >> $T/log'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/log")" = "only" ]
}
@test "050: without udev_run_devd in the rules, udev runs the dev.d scripts itself, before RUN" {
	devd_log
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", RUN+=\"/bin/sh -c 'echo run1 >> $T/log'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/log")" = "devd,run1" ]
}

# ---- every operator on every key, as 064 read them ---------------------------
@test "064: a match key takes := and += as ==" { check_add legacy $TTYS tty 'KERNEL:="ttyS0", SUBSYSTEM+="tty", NAME="a"
KERNEL+="ttyS1", SYMLINK+="no"' 'c 0600 0:0 a'; }
@test "064: PROGRAM:= runs and holds as ==, RESULT+= compares" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", PROGRAM:="/bin/echo foo", RESULT+="foo", NAME="a"
KERNEL=="ttyS0", PROGRAM+="/bin/false", SYMLINK+="no"' 'c 0600 0:0 a'; }
# udev 064 named the device with NAME== and NAME!=; they are udev 100's
# comparisons now (issue 58, udev 100's suite): the file is read as 100's
@test "100, not 064: NAME== and NAME!= compare with the NAME set, they name nothing" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME=="a", SYMLINK+="named-a"
KERNEL=="ttyS0", NAME!="b", SYMLINK+="not-b"' 'l not-b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "100, not 064: NAME!= alone names nothing either" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME!="b"' 'c 0600 0:0 ttyS0'; }
@test "064: SYMLINK== and SYMLINK!= add to the links, as +=" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="s1"
KERNEL=="ttyS0", SYMLINK=="s2"
KERNEL=="ttyS0", SYMLINK!="s3"' 'l s1 -> ttyS0; l s2 -> ttyS0; l s3 -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: OWNER==, GROUP!= and MODE== assign" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER=="daemon", GROUP!="tty", MODE=="0640"' 'c 0640 1:5 ttyS0'; }
@test "064: MODE!= assigns, a later MODE= still wins" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE!="0666"
KERNEL=="ttyS*", GROUP="tty"' 'c 0666 0:5 ttyS0'; }
@test "064: OPTIONS==\"last_rule\" ends the rules" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OPTIONS=="last_rule"
KERNEL=="ttyS0", SYMLINK+="no"' 'c 0600 0:0 ttyS0'; }
@test "064: IMPORT{program}== imports as =, and fails the rule when the program fails" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", IMPORT{program}=="/bin/echo V=x", NAME="a$env{V}"
KERNEL=="ttyS0", IMPORT{program}=="/bin/false", SYMLINK+="no"' 'c 0600 0:0 ax'; }
@test "064: IMPORT{program}!= holds whether the program works or not" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", IMPORT{program}!="/bin/false", SYMLINK+="l1"
KERNEL=="ttyS0", IMPORT{program}!="/bin/echo V=y", SYMLINK+="l2$env{V}"
KERNEL=="ttyS0", IMPORT{file}!="/nonexistent", SYMLINK+="l3"' 'l l1 -> ttyS0; l l2y -> ttyS0; l l3 -> ttyS0; c 0600 0:0 ttyS0'; }
@test "064: OPTIONS words it did not know are ignored, the rest of the rule applies" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="a", OPTIONS="last_rule,db_persist"
KERNEL=="ttyS0", SYMLINK+="no"' 'c 0600 0:0 a'; }
@test "064: an option counts wherever the value names it (last_rule;ignore_remove), in lower case only" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="a", OPTIONS="LAST_RULE"
KERNEL=="ttyS0", OPTIONS="last_rule;ignore_remove", SYMLINK+="l"
KERNEL=="ttyS0", SYMLINK+="no"' 'c 0600 0:0 a; l l -> a'; }
@test "064: NAME{} takes all_partitions and ignore_remove, the rest is ignored" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME{bogus}="a"' 'c 0600 0:0 a'; }
@test "064: IMPORT{} names its type anywhere in the braces, else the first word decides" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", IMPORT{programs}="/bin/echo V=1", NAME="a$env{V}"
KERNEL=="ttyS0", IMPORT{x}="/bin/echo W=2", SYMLINK+="b$env{W}"' 'c 0600 0:0 a1; l b2 -> a1'; }
@test "064: an ignored option is logged at info level, the event's status stays 0" {
	rules 'KERNEL=="ttyS0", NAME="a", OPTIONS+="db_persist"
KERNEL=="ttyS0", NAME{bogus}="b"'
	run ev add $TTYS tty UDEV_LOG=info
	[ "$status" -eq 0 ]
	[[ "$output" == *"50-test.rules:1: OPTIONS has words udev 064-100 did not know, ignoring them"* ]]
	[[ "$output" == *"50-test.rules:2: NAME{} takes all_partitions and ignore_remove, ignoring the rest"* ]]
	[ "$(listing)" = "c 0600 0:0 a" ]
}

# ---- the event's arguments ---------------------------------------------------
# subsystem_rows CMD...: CMD foo with SUBSYSTEM=tty in the environment takes
# tty; without it, the argument foo
subsystem_rows() {
	rules 'SUBSYSTEM=="tty", KERNEL=="ttyS0", NAME="from_env"
SUBSYSTEM=="foo", KERNEL=="ttyS0", SYMLINK+="from_arg"'
	legacy
	run env ACTION=add DEVPATH=$TTYS SUBSYSTEM=tty SEQNUM=1 "$@" foo
	[ "$status" -eq 0 ] && [ "$(listing)" = "c 0600 0:0 from_env" ] || return 1
	rm -rf "$T/dev/from_env" "$T/db"
	run env -u SUBSYSTEM ACTION=add DEVPATH=$TTYS SEQNUM=2 "$@" foo
	[ "$status" -eq 0 ] && [ "$(listing | paste -sd ';')" = "l from_arg -> ttyS0;c 0600 0:0 ttyS0" ]
}
@test "050/064: SUBSYSTEM comes from the environment; argv[1] only when it has none" { subsystem_rows "${UDEV_RUN[@]}"; }

# ---- SYSFS{} when the class device and a level share an attribute's name ----
# shared_tree: the legacy tree with a "size" on sda's scsi device too
shared_tree() {
	cp -a "$TOP/test/sysfs-legacy" "$T/sys"
	echo 999 > "$T/sys/devices/pci0000:00/0000:00:1f.2/host0/0:0:0:0/size"
	export SYSFS_PATH="$T/sys"
}
@test "064: SYSFS{} reads the class device's attribute before the level's" { check_add shared_tree $SDA1 block 'BUS=="scsi", SYSFS{size}=="999", NAME="level"
BUS=="scsi", SYSFS{size}=="208782", SYMLINK+="class"' 'l class -> sda1; b 0600 0:0 sda1'; }
@test "064: the event of a device on a bus reads each level's attributes alone" {
	legacy
	rules "ID==\"1-2\", SYSFS{manufacturer}==\"Logitech\", RUN+=\"/bin/touch $T/parent\"
ID==\"1-2.3\", SYSFS{manufacturer}==\"Logitech\", RUN+=\"/bin/touch $T/self\""
	run ev add /devices/pci0000:00/0000:00:1d.0/usb1/1-2/1-2.3 usb
	[ "$status" -eq 0 ]
	[ -e "$T/self" ] && [ ! -e "$T/parent" ]
}
@test "050/064: udevsend too takes SUBSYSTEM from the environment, argv[1] only when it has none" {
	# no udevd answers (a private socket name): udevsend runs udev itself
	export UDEVD_SOCKET="no-udevd-$$-$BATS_TEST_NUMBER" UDEVD_BIN=/nonexistent
	subsystem_rows "$BIN/udevsend"
}
