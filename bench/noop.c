// SPDX-License-Identifier: GPL-2.0-only
/* The floor: a static hotplug helper that does nothing. What it costs per
 * event is what the kernel's spawning costs; every contender is compared to it. */

int main(void)
{
	return 0;
}
