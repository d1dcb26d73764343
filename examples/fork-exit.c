/* A program that forks and exits at once, leaving its child running,
   as daemons and shell wrappers do.

   If the program GDB starts were its terminal's session leader, its
   exit would send SIGHUP to the child.  With the series the program is
   not the session leader: the child keeps running, and its output
   keeps appearing in GDB's terminal.  */

#include <stdio.h>
#include <unistd.h>

int
main (void)
{
  pid_t pid = fork ();

  if (pid < 0)
    {
      perror ("fork");
      return 1;
    }
  if (pid > 0)
    {
      printf ("fork-exit: parent %d exits, child %d goes on\n",
	      (int) getpid (), (int) pid);
      return 0;
    }
  for (int i = 1; i <= 5; i++)
    {
      sleep (1);
      printf ("fork-exit: child %d still alive (%d/5)\n", (int) getpid (), i);
      fflush (stdout);
    }
  return 0;
}
