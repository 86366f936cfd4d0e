// SPDX-License-Identifier: GPL-2.0-only
// The static no-op hotplug helper: the floor that every other helper is compared with
// in docs/performance.md. It does nothing, as fast as the libc allows.
int main(void)
{
	return 0;
}
