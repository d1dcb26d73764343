/* A program that blocks SIGINT, as many servers and libraries do.

   Under an unpatched GDB, Ctrl-C cannot stop it: the kernel queues the
   SIGINT as pending, ptrace never sees it delivered, and GDB waits for
   ever (PR gdb/9425).  */

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  sigset_t set;

  sigemptyset (&set);
  sigaddset (&set, SIGINT);
  sigprocmask (SIG_BLOCK, &set, NULL);

  for (int i = 0; ; i++)
    {
      printf ("block-sigint: tick %d (SIGINT is blocked; press Ctrl-C)\n", i);
      fflush (stdout);
      sleep (1);
    }
  return 0;
}
