#!/usr/bin/perl
# A stand-in for systemd's notification socket: prints every datagram sent to the socket
# path given (what sd_notify() sends: READY=1, STOPPING=1, STATUS=...), one per line.
use strict;
use warnings;
use IO::Socket::UNIX;
use Socket qw(SOCK_DGRAM);

my $path = shift or die "usage: notify-listener.pl SOCKET\n";
unlink $path;
my $socket = IO::Socket::UNIX->new(Type => SOCK_DGRAM, Local => $path) or die "socket: $!\n";
chmod 0777, $path;
$| = 1;
print "listening\n";
while (1) {
    my $message;
    defined $socket->recv($message, 4096) or next;
    print "$_\n" for split /\n/, $message;
}
