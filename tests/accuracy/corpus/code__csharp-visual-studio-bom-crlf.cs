using System;
using System.Linq;

namespace Acme.Tools
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            var names = args.Where(a => !string.IsNullOrWhiteSpace(a)).ToArray();
            Console.WriteLine($"Hello, {string.Join(", ", names)}");
            return 0;
        }
    }
}
