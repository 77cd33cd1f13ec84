import { describe, expect, it } from "vitest";
import { parseList, testToast } from "./notification-channels";

describe("parseList", () => {
  it.each([
    ["a@x.com\nb@x.com", ["a@x.com", "b@x.com"]],
    [" a@x.com , b@x.com;c@x.com\n\n", ["a@x.com", "b@x.com", "c@x.com"]],
    ["", []],
  ])("%j → %j", (text, list) => {
    expect(parseList(text)).toEqual(list);
  });
});

describe("testToast", () => {
  it("names the targets of a sent test", () => {
    expect(
      testToast("email", [{ channel: "email", target: "me@x.com", outcome: "sent", error: null }]),
    ).toEqual({
      title: "Test E-mail Sent",
      description: "Sent to me@x.com.",
    });
  });
  it("gives the reason of a failed or skipped test", () => {
    expect(
      testToast("webhook", [
        { channel: "webhook", target: "https://h.example", outcome: "failed", error: "answered 500" },
      ]),
    ).toEqual({
      variant: "destructive",
      title: "Test Webhook Failed",
      description: "https://h.example: answered 500",
    });
    expect(
      testToast("sms", [
        { channel: "sms", target: "(none)", outcome: "skipped", error: "no SMS gateway is configured" },
      ]),
    ).toEqual({
      variant: "destructive",
      title: "Test SMS Not Sent",
      description: "no SMS gateway is configured",
    });
  });
});
