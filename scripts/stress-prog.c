/* The program that scripts/stress.py (and scripts/bench.py) runs under
   GDB, one behaviour per mode (argv[1]).  Every mode but loop-sigint,
   spin-sigint and flood-sigint blocks SIGINT, so that only GDB's interrupt key (a SIGSTOP) can stop
   it.  "Ready" lines tell the harness when to type.

     loop           print "stress-ready", then sleep for ever
     loop-sigint    the same with SIGINT not blocked, so that the
                    terminal's SIGINT stops it under stock GDB too
     exit           print "stress-exit", then exit 0
     rawlog LOG     cfmakeraw the terminal, print "stress-raw-ready",
                    then append every byte read from it to LOG (no
                    buffering), for ever
     rawecho        cfmakeraw the terminal, print "stress-raw-ready",
                    then write every byte read from it back to it (no
                    buffering), for ever
     rawdie         cfmakeraw, print "stress-rawdie-ready", read one
                    byte, then abort () with the terminal still raw
     setsid         fork; the child setsid ()s (it keeps the terminal
                    open, not as its controlling terminal), prints
                    "stress-setsid-child", lives 2 s more; the parent
                    prints "stress-ready" and sleeps for ever
     daemon         fork; the child setsid ()s, puts /dev/null on 0, 1
                    and 2 and lives 2 s; the parent exits at once
     notty          TIOCNOTTY (gives up its controlling terminal),
                    print "stress-ready", sleep for ever
     ticker         print "stress-tick N" lines every 5 ms, one in eight
                    in two parts 20 ms apart, for ever
     flood          print numbered lines as fast as it can, for ever
     flood-sigint   the same with SIGINT not blocked
     lines-1k N     print 1,000 lines of 60 bytes a second, one write
                    each, for N seconds, then exit 0  */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static void
say (const char *s)
{
  ssize_t ignore = write (1, s, strlen (s));
  (void) ignore;
}

static void
make_raw (void)
{
  struct termios t;
  if (tcgetattr (0, &t) != 0)
    {
      perror ("tcgetattr");
      exit (2);
    }
  cfmakeraw (&t);
  if (tcsetattr (0, TCSANOW, &t) != 0)
    {
      perror ("tcsetattr");
      exit (2);
    }
}

static void
sleep_for_ever (void)
{
  for (;;)
    pause ();
}

/* Copy every byte read from the terminal to OUT, unbuffered, until
   end of file or an error (said as NAME: EOF or NAME: read error);
   return the exit status.  */
static int
copy_input (int out, const char *name)
{
  char buf[4096];
  for (;;)
    {
      ssize_t n = read (0, buf, sizeof buf);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	{
	  char line[64];
	  snprintf (line, sizeof line, "%s: %s\r\n", name,
		    n == 0 ? "EOF" : "read error");
	  say (line);
	  return 3;
	}
      for (ssize_t done = 0; done < n;)
	{
	  ssize_t w = write (out, buf + done, n - done);
	  if (w < 0 && errno == EINTR)
	    continue;
	  if (w <= 0)
	    return 4;
	  done += w;
	}
    }
}

int
main (int argc, char **argv)
{
  const char *mode = argc > 1 ? argv[1] : "loop";

  if (strcmp (mode, "loop-sigint") != 0 && strcmp (mode, "spin-sigint") != 0
      && strcmp (mode, "flood-sigint") != 0)
    {
      sigset_t set;
      sigemptyset (&set);
      sigaddset (&set, SIGINT);
      sigprocmask (SIG_BLOCK, &set, NULL);
    }

  if (strcmp (mode, "loop") == 0 || strcmp (mode, "loop-sigint") == 0)
    {
      say ("stress-ready\n");
      sleep_for_ever ();
    }
  else if (strcmp (mode, "spin") == 0 || strcmp (mode, "spin-sigint") == 0)
    {
      /* Busy, never sleeping: an interrupt must take the CPU from it.  */
      say ("stress-ready\n");
      for (volatile unsigned long i = 0;; i++)
	;
    }
  else if (strcmp (mode, "exit") == 0)
    {
      say ("stress-exit\n");
      return 0;
    }
  else if (strcmp (mode, "rawlog") == 0 && argc > 2)
    {
      int log = open (argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (log < 0)
	{
	  perror (argv[2]);
	  return 2;
	}
      make_raw ();
      say ("stress-raw-ready\r\n");
      return copy_input (log, "stress-rawlog");
    }
  else if (strcmp (mode, "rawecho") == 0)
    {
      make_raw ();
      say ("stress-raw-ready\r\n");
      return copy_input (1, "stress-rawecho");
    }
  else if (strcmp (mode, "rawdie") == 0)
    {
      make_raw ();
      say ("stress-rawdie-ready\r\n");
      char c;
      while (read (0, &c, 1) < 0 && errno == EINTR)
	;
      abort ();
    }
  else if (strcmp (mode, "setsid") == 0)
    {
      pid_t pid = fork ();
      if (pid == 0)
	{
	  setsid ();
	  say ("stress-setsid-child\n");
	  sleep (2);
	  _exit (0);
	}
      say ("stress-ready\n");
      sleep_for_ever ();
    }
  else if (strcmp (mode, "daemon") == 0)
    {
      pid_t pid = fork ();
      if (pid == 0)
	{
	  setsid ();
	  int null = open ("/dev/null", O_RDWR);
	  dup2 (null, 0);
	  dup2 (null, 1);
	  dup2 (null, 2);
	  sleep (2);
	  _exit (0);
	}
      say ("stress-daemon-parent\n");
      return 0;
    }
  else if (strcmp (mode, "notty") == 0)
    {
      if (ioctl (0, TIOCNOTTY) != 0)
	perror ("TIOCNOTTY");
      say ("stress-ready\n");
      sleep_for_ever ();
    }
  else if (strcmp (mode, "ticker") == 0)
    {
      /* A numbered line every 5 ms, one write each; one in eight goes
	 out in two writes 20 ms apart (a partial line for a while).  */
      char line[64];
      for (unsigned long i = 0;; i++)
	{
	  int n = snprintf (line, sizeof line, "stress-tick %08lu\n", i);
	  if (i % 8 == 7)
	    {
	      ssize_t ignore = write (1, line, 8);
	      (void) ignore;
	      usleep (20000);
	      ignore = write (1, line + 8, n - 8);
	      (void) ignore;
	    }
	  else
	    {
	      ssize_t ignore = write (1, line, n);
	      (void) ignore;
	    }
	  usleep (5000);
	}
    }
  else if (strcmp (mode, "lines-1k") == 0 && argc > 2)
    {
      /* 1,000 lines of 60 bytes a second, each its own write, for
	 argv[2] seconds, then exit.  */
      struct timespec next;
      long n = atol (argv[2]) * 1000;
      char line[64];

      clock_gettime (CLOCK_MONOTONIC, &next);
      for (long i = 0; i < n; i++)
	{
	  int len = snprintf (line, sizeof line,
			      "stress-line %012ld xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n",
			      i);
	  ssize_t ignore = write (1, line, len);
	  (void) ignore;
	  next.tv_nsec += 1000000;
	  if (next.tv_nsec >= 1000000000)
	    {
	      next.tv_nsec -= 1000000000;
	      next.tv_sec++;
	    }
	  clock_nanosleep (CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
	}
      return 0;
    }
  else if (strcmp (mode, "flood") == 0 || strcmp (mode, "flood-sigint") == 0)
    {
      char line[64];
      for (unsigned long i = 0;; i++)
	{
	  int n = snprintf (line, sizeof line,
			    "stress-flood line %012lu xxxxxxxxxxxxxxxx\n", i);
	  ssize_t ignore = write (1, line, n);
	  (void) ignore;
	}
    }

  fprintf (stderr, "stress-prog: unknown mode %s\n", mode);
  return 2;
}
