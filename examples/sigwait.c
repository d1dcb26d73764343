/* A program that waits for SIGINT with sigwait, as event loops do.

   Under an unpatched GDB, Ctrl-C never stops it: the program consumes
   the SIGINT itself, and GDB is not told (PR gdb/14559).  */

#include <signal.h>
#include <stdio.h>

int
main (void)
{
  sigset_t set;
  int sig;

  sigemptyset (&set);
  sigaddset (&set, SIGINT);
  sigprocmask (SIG_BLOCK, &set, NULL);

  printf ("sigwait: waiting for SIGINT; press Ctrl-C\n");
  fflush (stdout);
  for (int n = 1; ; n++)
    {
      if (sigwait (&set, &sig) != 0)
	return 1;
      printf ("sigwait: the program consumed SIGINT #%d itself\n", n);
      fflush (stdout);
    }
  return 0;
}
