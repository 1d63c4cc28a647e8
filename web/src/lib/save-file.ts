/** Hands the browser a file to save, made on the device: a report, a record. */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser reads the file when the click is handled; the address can go after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
